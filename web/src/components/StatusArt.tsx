/**
 * The shop's own pictures for its status pages (in place of antd's stock 404 and 500 drawings): an empty
 * plate with an olive sprig for a page that is not there, a tipped-over oil bottle for a failure. Drawn
 * inline in the logo's colours, so they need no request and work when nothing else loads.
 */
export function StatusArt({ kind }: { kind: 'not-found' | 'error' }) {
  return (
    <svg
      className="status-art"
      viewBox="0 0 240 160"
      width="240"
      height="160"
      aria-hidden="true"
      focusable="false"
      data-testid={`status-art-${kind}`}
    >
      <ellipse cx="120" cy="142" rx="96" ry="10" fill="#e9dfc6" />
      {kind === 'not-found' ? (
        <g>
          {/* An empty plate: whatever was asked for is not on it. */}
          <ellipse cx="120" cy="104" rx="86" ry="34" fill="#fbf8f2" stroke="#2f5d8a" strokeWidth="4" />
          <ellipse cx="120" cy="104" rx="58" ry="21" fill="#f3eee4" stroke="#e4dccd" strokeWidth="3" />
          <path d="M70 70c14-22 38-40 72-46" fill="none" stroke="#5a6e2c" strokeWidth="4" strokeLinecap="round" />
          <ellipse cx="92" cy="48" rx="7" ry="15" transform="rotate(-55 92 48)" fill="#5a6e2c" />
          <ellipse cx="118" cy="34" rx="6" ry="13" transform="rotate(-70 118 34)" fill="#7d8f45" />
          <ellipse cx="104" cy="62" rx="6" ry="13" transform="rotate(35 104 62)" fill="#7d8f45" />
          <ellipse cx="145" cy="27" rx="7" ry="9" fill="#c4622d" />
        </g>
      ) : (
        <g>
          {/* A bottle on its side with a small spill: something went wrong on our side. */}
          <path d="M150 122c26 0 52 6 52 12s-30 8-58 6-44-6-36-10 20-8 42-8z" fill="#d9b44a" opacity=".55" />
          <g transform="rotate(-78 112 110)">
            <rect x="86" y="60" width="52" height="96" rx="18" fill="#5a6e2c" />
            <rect x="103" y="30" width="18" height="34" rx="5" fill="#44541f" />
            <rect x="100" y="22" width="24" height="12" rx="3" fill="#c4622d" />
            <rect x="92" y="92" width="40" height="36" rx="6" fill="#fbf4e6" />
            <path d="M112 120c0-8 1-14 7-20" fill="none" stroke="#5a6e2c" strokeWidth="2.5" strokeLinecap="round" />
            <ellipse cx="106" cy="108" rx="3.5" ry="6.5" transform="rotate(-35 106 108)" fill="#5a6e2c" />
          </g>
        </g>
      )}
    </svg>
  );
}
