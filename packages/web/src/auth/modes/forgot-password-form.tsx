import { useForgotPassword } from '../api/forgot-password';
import { authErrorFrom } from '../auth-error';
import { EmailField, ModeIntro, ModeLink, ModeLinks } from '../auth-fields';
import { AuthFormFrame } from '../auth-form-frame';
import { requiredFieldsFilled, validateAuthForm } from '../auth-form-validation';
import type { AuthModeProps } from '../auth-mode-props';

/** The first reset step: the e-mail to send a reset code to. */
export function ForgotPasswordForm(props: AuthModeProps) {
  const { state, dispatch } = props;
  const sendResetCode = useForgotPassword();

  function submit() {
    const invalid = validateAuthForm('forgot-password', state.form);
    if (invalid) {
      dispatch({ type: 'failed', error: { type: 'GENERAL_ERROR', message: invalid } });
      return;
    }
    const email = state.form.email.trim();
    dispatch({ type: 'noticed', notice: null });
    sendResetCode.mutate(
      { email },
      {
        onSuccess: () => dispatch({ type: 'reset-code-sent', email }),
        onError: (caught) =>
          dispatch({ type: 'failed', error: authErrorFrom(caught, 'Failed to send the reset code') }),
      },
    );
  }

  return (
    <AuthFormFrame
      {...props}
      title="Reset Password"
      submitLabel="Send Code"
      busy={sendResetCode.isPending}
      ready={requiredFieldsFilled('forgot-password', state.form)}
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
