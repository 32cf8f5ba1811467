import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './ui.css';

export type ButtonVariant = 'primary' | 'default' | 'text';
export type ButtonSize = 'small' | 'middle' | 'large';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A round icon-only button. */
  circle?: boolean;
  /** Red for destructive actions (remove from cart). */
  danger?: boolean;
  block?: boolean;
  icon?: ReactNode;
  iconPlacement?: 'start' | 'end';
}

/** The class list shared by <button> and link buttons, so both look the same. */
export function buttonClass(
  { variant = 'default', size = 'middle', circle, danger, block }: ButtonLook,
  extra?: string,
) {
  const classes = ['ui-btn', `ui-btn--${variant}`, `ui-btn--${size}`];
  if (circle) classes.push('ui-btn--circle');
  if (danger) classes.push('ui-btn--danger');
  if (block) classes.push('ui-btn--block');
  if (extra) classes.push(extra);
  return classes.join(' ');
}

/** Icon and label in the order asked for; the label is wrapped so flex gap spaces them. */
export function buttonContent(icon: ReactNode, children: ReactNode, iconPlacement: 'start' | 'end' = 'start') {
  const label = children === undefined || children === null || children === false ? null : <span>{children}</span>;
  return iconPlacement === 'end' ? (
    <>
      {label}
      {icon}
    </>
  ) : (
    <>
      {icon}
      {label}
    </>
  );
}

type Props = ButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
    /** Shows a spinner in place of the icon and ignores clicks while true. */
    loading?: boolean;
    htmlType?: 'button' | 'submit';
  };

/** A real <button> in the shop's look (olive primary, outlined default, text), focus ring included. */
export function Button({
  variant,
  size,
  circle,
  danger,
  block,
  icon,
  iconPlacement,
  loading = false,
  htmlType = 'button',
  className,
  children,
  onClick,
  ...rest
}: Props) {
  return (
    <button
      {...rest}
      type={htmlType}
      className={buttonClass({ variant, size, circle, danger, block }, className)}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {buttonContent(loading ? <Spinner size="small" inline /> : icon, children, iconPlacement)}
    </button>
  );
}
