import { Outlet } from 'react-router';
import { AuthFrame } from './auth-frame';

/** AuthFrame around the routed public page. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
