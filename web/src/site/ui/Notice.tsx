import type { ReactNode } from 'react';
import { CloseCircleFilledIcon, ExclamationCircleFilledIcon, InfoCircleFilledIcon } from './icons';
import './ui.css';

type Tone = 'info' | 'warning' | 'error';

interface Props {
  tone: Tone;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

const ICONS = { info: InfoCircleFilledIcon, warning: ExclamationCircleFilledIcon, error: CloseCircleFilledIcon };

/** A boxed message with an icon, title and text (online payment off, items to remove first). */
export function Notice({ tone, title, description, className, 'data-testid': testId }: Props) {
  const Icon = ICONS[tone];
  const classes = `ui-notice ui-notice--${tone}${className ? ` ${className}` : ''}`;
  return (
    <div className={classes} role={tone === 'info' ? 'status' : 'alert'} data-testid={testId}>
      <Icon className="ui-notice-icon" />
      <div>
        <div className="ui-notice-title">{title}</div>
        {description && <div className="ui-notice-text">{description}</div>}
      </div>
    </div>
  );
}
