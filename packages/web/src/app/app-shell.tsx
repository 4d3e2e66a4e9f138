import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { type AfterSignIn, AuthDialogControl, type AuthMode } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';
import { AppLayout } from './app-layout';

// Neither is needed for the first paint: the dialog loads when someone first opens it, and the
// checkout script (with the plans it reads) only for a signed-in user.
const AuthDialog = lazy(() => import('../auth').then((feature) => ({ default: feature.AuthDialog })));
const RazorpayScript = lazy(() => import('../payments').then((feature) => ({ default: feature.RazorpayScript })));

interface DialogState {
  open: boolean;
  mode: AuthMode;
  email?: string;
  /** Where a sign-in leads: the dashboard, or back to what asked for it (buying credits). */
  after: AfterSignIn;
  /** Once opened, the dialog stays mounted so it can animate closed. */
  requested: boolean;
}

/** The root route: 'Loading...' while the session is restored, then the layout and the auth dialog. */
export function AppShell() {
  const { loading, user } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogState>({
    open: false,
    mode: 'signin',
    after: 'dashboard',
    requested: false,
  });
  const open = useCallback(
    (mode: AuthMode = 'signin', email?: string, after: AfterSignIn = 'dashboard') =>
      setDialog({ open: true, mode, email, after, requested: true }),
    [],
  );
  const close = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);
  const onSignedIn = useCallback(() => {
    if (dialog.after === 'dashboard') navigate('/dashboard', { replace: true });
  }, [navigate, dialog.after]);

  if (loading) return <CenteredSpinner label="Loading..." fullScreen />;
  return (
    <AuthDialogControl.Provider value={open}>
      <AppLayout />
      <Suspense fallback={null}>
        {user && <RazorpayScript />}
        {dialog.requested && (
          <AuthDialog
            open={dialog.open}
            onClose={close}
            initialMode={dialog.mode}
            pendingEmail={dialog.email}
            onSignedIn={onSignedIn}
          />
        )}
      </Suspense>
    </AuthDialogControl.Provider>
  );
}
