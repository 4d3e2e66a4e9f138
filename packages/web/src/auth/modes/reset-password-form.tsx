import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { CodeField, EmailField, ModeIntro, ModeLink, ModeLinks, PasswordField } from '../auth-fields';
import { AuthFormFrame } from '../auth-form-frame';
import { type AuthModeProps, reportFailure } from '../auth-mode-props';

const RESET_CODE_RESENT = 'If an account exists for this email, we have sent it a new reset code.';

/** The second reset step: the e-mailed code and the new password, for the address the first step took. */
export function ResetPasswordForm(props: AuthModeProps) {
  const { state, dispatch } = props;
  const passwordReset = useResetPassword();
  const resendResetCode = useForgotPassword();
  // The e-mail is locked in this step, so it is the address the first step checked.
  const email = state.form.email.trim();

  function submit() {
    passwordReset.mutate(
      { email, code: state.form.confirmationCode, new_password: state.form.password },
      {
        onSuccess: () => dispatch({ type: 'password-reset', email }),
        onError: reportFailure(dispatch, 'Password reset failed'),
      },
    );
  }

  function resend() {
    dispatch({ type: 'noticed', notice: null });
    resendResetCode.mutate(
      { email },
      {
        onSuccess: () => dispatch({ type: 'noticed', notice: { severity: 'info', text: RESET_CODE_RESENT } }),
        onError: reportFailure(dispatch, 'Failed to send the reset code'),
      },
    );
  }

  return (
    <AuthFormFrame
      {...props}
      mode="reset-password"
      title="Reset Password"
      submitLabel="Reset Password"
      busy={passwordReset.isPending}
      onSubmit={submit}
    >
      <ModeIntro>Enter the code from the e-mail and choose a new password.</ModeIntro>
      <EmailField {...props} locked />
      <CodeField {...props} label="Reset code" />
      <PasswordField {...props} label="New password" autoComplete="new-password" helperText="At least 8 characters" />
      <PasswordField {...props} label="Confirm new password" autoComplete="new-password" confirmation />
      <ModeLinks>
        <span>
          Didn&apos;t get it?{' '}
          <ModeLink
            label={resendResetCode.isPending ? 'Sending...' : 'Resend code'}
            onClick={resend}
            disabled={resendResetCode.isPending}
          />
        </span>
        <ModeLink label="Use another email" onClick={() => dispatch({ type: 'switched', mode: 'forgot-password' })} />
        <ModeLink label="Back to sign in" onClick={() => dispatch({ type: 'switched', mode: 'signin' })} />
      </ModeLinks>
    </AuthFormFrame>
  );
}
