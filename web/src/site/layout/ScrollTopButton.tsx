import { useEffect, useRef, useState } from 'react';
import { animateScrollTo, isNearBottom, SCROLL_TOP_MS } from '../../lib/scroll';
import { isMobileWidth, useScrollY, useWindowWidth } from '../../lib/viewport';
import { ArrowUpIcon } from '../ui/icons';

/** A move smaller than this is a finger resting on the glass, not a direction. */
const DIRECTION_THRESHOLD = 8;
/** Within this many px of the page's end the footer is under the button: nothing it could cover. */
const END_OF_PAGE = 120;

/**
 * Appears once the shopper has scrolled away from the top; brings them back in 250 ms (SPEC §9). On a phone
 * the page has no margin for it: there it shows only while the shopper scrolls back up (they are heading
 * for the top) or has reached the footer, so it never sits on a card they are reading (issue 23).
 */
export function ScrollTopButton() {
  const scrollY = useScrollY();
  const mobile = isMobileWidth(useWindowWidth());
  const lastY = useRef(scrollY);
  const [goingUp, setGoingUp] = useState(false);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const delta = scrollY - lastY.current;
    if (Math.abs(delta) >= DIRECTION_THRESHOLD) {
      setGoingUp(delta < 0);
      lastY.current = scrollY;
    }
    setAtEnd(
      isNearBottom(
        { scrollY, viewportHeight: window.innerHeight, pageHeight: document.documentElement.scrollHeight },
        END_OF_PAGE,
      ),
    );
  }, [scrollY]);

  if (scrollY < 300) return null;
  if (mobile && !goingUp && !atEnd) return null;
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
