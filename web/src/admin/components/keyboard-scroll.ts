import { useEffect, useRef } from 'react';

/**
 * A table that scrolls sideways (a narrow phone) must be scrollable from the keyboard too (WCAG 2.1.1, axe's
 * scrollable-region-focusable) when none of its cells holds a control: its scrolling box, which antd renders
 * without a way in, joins the tab order. Put the returned ref on an element around the Table.
 */
export function useKeyboardScrollableTable<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('.ant-table-content').forEach((box) => {
      if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
    });
  });
  return ref;
}
