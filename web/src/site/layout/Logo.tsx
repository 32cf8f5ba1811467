/** The olive-sprig mark of the favicon, drawn inline so it scales with the text beside it. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#fbf4e6" />
      <path d="M32 54c0-14 2-26 12-38" fill="none" stroke="#5a6e2c" strokeWidth="3.5" strokeLinecap="round" />
      <ellipse cx="22" cy="30" rx="6.5" ry="12" transform="rotate(-35 22 30)" fill="#5a6e2c" />
      <ellipse cx="43" cy="36" rx="5.5" ry="10" transform="rotate(40 43 36)" fill="#7d8f45" />
      <ellipse cx="37" cy="20" rx="6" ry="8.5" transform="rotate(20 37 20)" fill="#c4622d" />
    </svg>
  );
}
