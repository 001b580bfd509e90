import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggedIn, useSession } from '../shared/session';

/** Pages for registered buyers only; tourists are sent to /login with a target back here. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const location = useLocation();
  if (!isLoggedIn(data))
    return <Navigate to={`/login?target=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
