import { animateScrollTo, SCROLL_TOP_MS } from '../../lib/scroll';
import { useScrollY } from '../../lib/viewport';
import { ArrowUpIcon } from '../ui/icons';

/** Appears once the shopper has scrolled away from the top; brings them back in 250 ms (SPEC §9). */
export function ScrollTopButton() {
  const scrollY = useScrollY();
  if (scrollY < 300) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Back to top"
      data-testid="scroll-top"
      onClick={() => animateScrollTo(0, SCROLL_TOP_MS)}
    >
      <ArrowUpIcon />
    </button>
  );
}
