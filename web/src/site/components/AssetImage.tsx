import { useState } from 'react';
import { assetUrl, type AssetSize } from '../../lib/api';
import './components.css';

interface Props {
  id: string | null | undefined;
  alt: string;
  size?: AssetSize;
  className?: string;
  /** Above-the-fold images load at once; the rest wait until they are near the viewport. */
  eager?: boolean;
  /**
   * The picture's own proportions (any unit: 480×480, 1200×800). The browser reserves the space from them
   * before the file arrives, so nothing below jumps when it does. Defaults to the size's square.
   */
  width?: number;
  height?: number;
}

/**
 * The server's sizes (cms collections/Assets imageSizes): square crops, and "preview" and "full", which keep
 * the picture's proportions and are taken as square unless told.
 */
const SIZE_PIXELS: Record<AssetSize, number> = { thumbnail: 160, card: 480, preview: 720, full: 800 };

/** An image from /assets, or a warm placeholder when there is none or it fails to load. */
export function AssetImage({ id, alt, size = 'card', className, eager = false, width, height }: Props) {
  const [failedId, setFailedId] = useState<string | null>(null);
  const src = assetUrl(id, size);
  if (!src || failedId === id) {
    return (
      // A decorative picture (alt "") leaves its placeholder out of the accessibility tree, as an <img alt=""> is.
      <div
        className={`asset-placeholder ${className ?? ''}`}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      >
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <path d="M32 54c0-14 2-26 12-38" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="22" cy="30" rx="6.5" ry="12" transform="rotate(-35 22 30)" fill="currentColor" />
          <ellipse cx="43" cy="36" rx="5.5" ry="10" transform="rotate(40 43 36)" fill="currentColor" />
        </svg>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width ?? SIZE_PIXELS[size]}
      height={height ?? SIZE_PIXELS[size]}
      loading={eager ? 'eager' : 'lazy'}
      // An eager picture is on the first screen, often its largest paint: fetched before the page's scripts.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedId(id ?? null)}
    />
  );
}
