import { useEffect, useState } from 'react';

/** SPEC §9: below 728 px the storefront uses its mobile navigation. */
export const MOBILE_MAX_WIDTH = 727;
export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH;

function useWindowValue(read: () => number, event: 'resize' | 'scroll'): number {
  // 0 on the first render everywhere, as on the server: a hydrated page must first draw what the server drew;
  // the effect reads the real value in the next frame.
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    // One read per frame: scroll and resize fire far more often than the screen repaints.
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setValue(read()));
    };
    window.addEventListener(event, onChange, { passive: true });
    onChange();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener(event, onChange);
    };
  }, [read, event]);
  return value;
}

const readWidth = () => window.innerWidth;
const readScrollY = () => window.scrollY;

export const useWindowWidth = () => useWindowValue(readWidth, 'resize');
export const useScrollY = () => useWindowValue(readScrollY, 'scroll');
