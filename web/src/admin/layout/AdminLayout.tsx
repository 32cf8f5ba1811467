import { Outlet } from 'react-router-dom';

/** Placeholder: the side drawer and mobile menu around every signed-in admin screen. */
export function AdminLayout() {
  return <Outlet />;
}
