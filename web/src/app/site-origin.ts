/**
 * The shop's public address (PUBLIC_URL), which rich text and the head call "this site". The server sets it
 * before each render; in the browser it comes with the page (app/handover), so a link is drawn the same way on
 * both sides whatever host name the browser used. A page without a hand-over falls back to its own origin.
 */
let origin: string | null = null;

export function setSiteOrigin(value: string | null): void {
  origin = value ? value.replace(/\/+$/, '') : null;
}

export function siteOrigin(): string {
  if (origin !== null) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
