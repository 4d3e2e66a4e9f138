import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthDialog } from '../auth';
import { CenteredSpinner } from '../components/centered-spinner';
import { type AfterSignIn, AuthDialogControl, type AuthMode } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';
import { RazorpayScript } from '../payments';
import { AppLayout } from './app-layout';

/** The root route: 'Loading...' while the session is restored, then the layout and the auth dialog. */
export function AppShell() {
  const { loading } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ open: boolean; mode: AuthMode; email?: string; after: AfterSignIn }>({
    open: false,
    mode: 'signin',
    after: 'dashboard',
  });
  const open = useCallback(
    (mode: AuthMode = 'signin', email?: string, after: AfterSignIn = 'dashboard') =>
      setDialog({ open: true, mode, email, after }),
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
      <RazorpayScript />
      <AuthDialog
        open={dialog.open}
        onClose={close}
        initialMode={dialog.mode}
        pendingEmail={dialog.email}
        onSignedIn={onSignedIn}
      />
    </AuthDialogControl.Provider>
  );
}
