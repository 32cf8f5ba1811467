import './ui.css';

interface Props {
  size?: 'small' | 'middle' | 'large';
  /** Inside a button or a line of text: no role, the parent says it is busy. */
  inline?: boolean;
  /** Read out by screen readers (and shown beside the dots when visible). */
  label?: string;
  showLabel?: boolean;
}

/** Four olive dots turning, like the spinner the shop used before, in a few lines of CSS. */
export function Spinner({ size = 'middle', inline = false, label = 'Loading', showLabel = false }: Props) {
  const dots = (
    <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
  if (inline) return dots;
  return (
    <span className="ui-spinner-wrap" role="status">
      {dots}
      <span className={showLabel ? 'ui-spinner-label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
