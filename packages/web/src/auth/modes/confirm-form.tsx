import { useConfirmSignup } from '../api/confirm-signup';
import { useResendConfirmation } from '../api/resend-confirmation';
import { CodeField, EmailField, ModeLink, ModeLinks } from '../auth-fields';
import { AuthFormFrame } from '../auth-form-frame';
import { type AuthModeProps, reportFailure } from '../auth-mode-props';

/** Confirm the address with the e-mailed code, or have a new code sent. */
export function ConfirmForm(props: AuthModeProps) {
  const { state, dispatch } = props;
  const confirm = useConfirmSignup();
  const resend = useResendConfirmation();

  function submit() {
    confirm.mutate(
      { email: state.form.email.trim(), confirmation_code: state.form.confirmationCode },
      {
        onSuccess: () => dispatch({ type: 'confirmed' }),
        onError: reportFailure(dispatch, 'Confirmation failed'),
      },
    );
  }

  function resendCode() {
    const email = state.form.email.trim();
    if (!email) {
      dispatch({ type: 'failed', error: { type: 'GENERAL_ERROR', message: 'Please enter your email address' } });
      return;
    }
    dispatch({ type: 'noticed', notice: null });
    resend.mutate(
      { email },
      {
        onSuccess: () =>
          dispatch({
            type: 'noticed',
            notice: { severity: 'success', text: 'Confirmation code sent successfully! Please check your email.' },
          }),
        onError: reportFailure(dispatch, 'Failed to resend confirmation code'),
      },
    );
  }

  return (
    <AuthFormFrame
      {...props}
      mode="confirm"
      title="Confirm Email"
      submitLabel="Confirm Email"
      busy={confirm.isPending}
      onSubmit={submit}
    >
      <EmailField {...props} locked={state.lockedEmail !== undefined} />
      <CodeField {...props} label="Confirmation code" />
      <ModeLinks>
        <span>
          Didn&apos;t get it?{' '}
          <ModeLink
            label={resend.isPending ? 'Sending...' : 'Resend code'}
            onClick={resendCode}
            disabled={resend.isPending}
          />
        </span>
        <ModeLink label="Back to sign in" onClick={() => dispatch({ type: 'switched', mode: 'signin' })} />
      </ModeLinks>
    </AuthFormFrame>
  );
}
