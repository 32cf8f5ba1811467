import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { buttonClass, buttonContent, type ButtonLook } from '../site/ui/Button';

type Props = ButtonLook & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A button-looking link (<a href>), so it can be opened in a new tab, yet navigates inside the SPA on a
 * plain click. Avoids a <button> nested in an <a>, which is invalid HTML.
 */
export function ButtonLink({
  to,
  onClick,
  variant,
  size,
  circle,
  danger,
  block,
  icon,
  iconPlacement,
  className,
  children,
  ...props
}: Props) {
  const navigate = useNavigate();
  const href = useHref(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a
      {...props}
      href={href}
      className={buttonClass({ variant, size, circle, danger, block }, className)}
      onClick={handleClick}
    >
      {buttonContent(icon, children, iconPlacement)}
    </a>
  );
}
