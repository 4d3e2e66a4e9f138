import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { useSession } from '../lib/session';

/** Private routes: a signed-out visitor is sent to the landing page. */
export function RequireUser() {
  const { user } = useSession();
  return user ? <Outlet /> : <Navigate to="/" replace />;
}

/** Unknown paths: signed-in users go to the dashboard, visitors to the landing page. */
export function FallbackRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? '/dashboard' : '/'} replace />;
}

/** /callback: shows 'Redirecting...' and goes to the site root (spec section 2.1). */
export function CallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/', { replace: true });
  }, [navigate]);
  return <CenteredSpinner label="Redirecting..." />;
}
