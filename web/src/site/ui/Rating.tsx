import { StarFilledIcon } from './icons';
import './ui.css';

interface Props {
  value: number;
  count?: number;
}

/**
 * Read-only stars, half stars included (3.5 fills three and a half). Purely visual: the caller gives the
 * accessible text ("Rated 4 out of 5").
 */
export function Rating({ value, count = 5 }: Props) {
  return (
    <span className="ui-rating" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <span key={i} className="ui-rating-star">
            <StarFilledIcon className="ui-rating-bg" />
            {fill > 0 && (
              <span className="ui-rating-fill" style={{ width: `${fill * 100}%` }}>
                <StarFilledIcon />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
