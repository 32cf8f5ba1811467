import { ArrowUpOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { animateScrollTo, SCROLL_TOP_MS } from '../../lib/scroll';
import { useScrollY } from '../../lib/viewport';

/** Appears once the shopper has scrolled away from the top; brings them back in 250 ms (SPEC §9). */
export function ScrollTopButton() {
  const scrollY = useScrollY();
  if (scrollY < 300) return null;
  return (
    <FloatButton
      className="scroll-top"
      type="primary"
      icon={<ArrowUpOutlined />}
      aria-label="Back to top"
      data-testid="scroll-top"
      onClick={() => animateScrollTo(0, SCROLL_TOP_MS)}
    />
  );
}
