import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../lib/api-error';
import { endSession } from '../lib/session-store';
import { useDeleteAccount } from './api/delete-account';

/** Deletes the account for good once its password is given; then the session ends and home is shown. */
export function DeleteAccountDialog({ open, onCancel }: { open: boolean; onCancel: () => void }) {
  const removeAccount = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { reset } = removeAccount;

  // Each opening starts with an empty password and no error.
  useEffect(() => {
    if (!open) return;
    reset();
    setPassword('');
  }, [open, reset]);

  function confirmDeletion() {
    removeAccount.mutate(
      { password },
      {
        onSuccess: () => {
          endSession();
          navigate('/', { replace: true });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      title="Delete your account?"
      text="Your account, every stored file and your history will be deleted for good. Enter your password to confirm."
      confirmLabel="Delete Account"
      busy={removeAccount.isPending}
      onConfirm={confirmDeletion}
      onCancel={onCancel}
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
        sx={{ mt: 2 }}
      />
      {removeAccount.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(removeAccount.error, 'Failed to delete your account. Please try again.')}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
