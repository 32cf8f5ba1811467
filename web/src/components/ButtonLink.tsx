import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

type Props = Omit<ButtonProps, 'href'> & { to: string };

/**
 * An antd button that is a real link (<a href>), so it can be opened in a new tab, yet navigates inside the
 * SPA on a plain click. Avoids a <button> nested in an <a>, which is invalid HTML.
 */
export function ButtonLink({ to, onClick, ...props }: Props) {
  const navigate = useNavigate();
  const href = useHref(to);
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={href} onClick={handleClick} />;
}
