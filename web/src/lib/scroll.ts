/** Smooth scrolling of our own (SPEC §9: scroll-to-top in 250 ms) instead of the browser's, whose duration varies. */

export const SCROLL_TOP_MS = 250;

/** Slow start, slow end: the page neither jumps away nor stops abruptly. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Where the page should be `elapsed` ms into a scroll from `from` to `to` lasting `duration` ms. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

/**
 * Animates window scrolling with requestAnimationFrame. A wheel or touch by the shopper cancels it so the
 * page never fights the hand. Returns a function that cancels it too.
 */
export function animateScrollTo(to = 0, duration = SCROLL_TOP_MS): () => void {
  const from = window.scrollY;
  let frame = 0;
  let start: number | null = null;
  const cancel = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', cancel);
    window.removeEventListener('touchstart', cancel);
  };
  if (from === to) return cancel;
  const step = (now: number) => {
    if (start === null) start = now;
    const elapsed = now - start;
    window.scrollTo(0, scrollPositionAt(from, to, elapsed, duration));
    if (elapsed < duration) frame = requestAnimationFrame(step);
    else cancel();
  };
  window.addEventListener('wheel', cancel, { passive: true });
  window.addEventListener('touchstart', cancel, { passive: true });
  frame = requestAnimationFrame(step);
  return cancel;
}

/** True when the bottom of the viewport is within `threshold` px of the bottom of the page. */
export function isNearBottom(
  metrics: { scrollY: number; viewportHeight: number; pageHeight: number },
  threshold = 200,
): boolean {
  return metrics.scrollY + metrics.viewportHeight >= metrics.pageHeight - threshold;
}
