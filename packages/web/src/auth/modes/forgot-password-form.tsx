import { useForgotPassword } from '../api/forgot-password';
import { EmailField, ModeIntro, ModeLink, ModeLinks } from '../auth-fields';
import { AuthFormFrame } from '../auth-form-frame';
import { type AuthModeProps, reportFailure } from '../auth-mode-props';

/** The first reset step: the e-mail to send a reset code to. */
export function ForgotPasswordForm(props: AuthModeProps) {
  const { state, dispatch } = props;
  const sendResetCode = useForgotPassword();

  function submit() {
    const email = state.form.email.trim();
    sendResetCode.mutate(
      { email },
      {
        onSuccess: () => dispatch({ type: 'reset-code-sent', email }),
        onError: reportFailure(dispatch, 'Failed to send the reset code'),
      },
    );
  }

  return (
    <AuthFormFrame
      {...props}
      mode="forgot-password"
      title="Reset Password"
      submitLabel="Send Code"
      busy={sendResetCode.isPending}
      onSubmit={submit}
    >
      <ModeIntro>
        Enter the email address of your account. We will e-mail you a 6-digit code to reset your password.
      </ModeIntro>
      <EmailField {...props} autoFocus />
      <ModeLinks>
        <ModeLink label="Back to sign in" onClick={() => dispatch({ type: 'switched', mode: 'signin' })} />
      </ModeLinks>
    </AuthFormFrame>
  );
}
