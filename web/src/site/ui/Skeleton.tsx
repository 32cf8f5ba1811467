import './ui.css';

interface Props {
  /** Text lines under the title line. */
  rows?: number;
  titleWidth?: string;
  lastRowWidth?: string;
  className?: string;
}

/** Grey bars where text will be: a title and a few lines, gently shimmering (still under reduced motion). */
export function Skeleton({ rows = 2, titleWidth = '38%', lastRowWidth = '61%', className }: Props) {
  return (
    <div className={className ? `ui-skeleton ${className}` : 'ui-skeleton'} aria-hidden="true">
      <span className="ui-skeleton-title" style={{ width: titleWidth }} />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="ui-skeleton-line" style={i === rows - 1 ? { width: lastRowWidth } : undefined} />
      ))}
    </div>
  );
}
