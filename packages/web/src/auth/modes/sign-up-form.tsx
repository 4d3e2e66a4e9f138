import { useSignup } from '../api/signup';
import { EmailField, ModeIntro, ModeLink, ModeLinks, PasswordField } from '../auth-fields';
import { AuthFormFrame } from '../auth-form-frame';
import { type AuthModeProps, reportFailure } from '../auth-mode-props';

/** Create an account; the e-mailed code is asked for next. */
export function SignUpForm(props: AuthModeProps) {
  const { state, dispatch } = props;
  const signup = useSignup();

  function submit() {
    const email = state.form.email.trim();
    signup.mutate(
      { email, password: state.form.password },
      {
        onSuccess: () => dispatch({ type: 'signed-up', email }),
        onError: reportFailure(dispatch, 'Sign up failed'),
      },
    );
  }

  return (
    <AuthFormFrame
      {...props}
      mode="signup"
      title="Create Account"
      submitLabel="Create Account"
      busy={signup.isPending}
      onSubmit={submit}
    >
      <ModeIntro>Create a free account. We will e-mail you a 6-digit code to confirm your address.</ModeIntro>
      <EmailField {...props} autoFocus />
      <PasswordField {...props} label="Password" autoComplete="new-password" helperText="At least 8 characters" />
      <PasswordField {...props} label="Confirm password" autoComplete="new-password" confirmation />
      <ModeLinks>
        <span>
          Already have an account?{' '}
          <ModeLink label="Sign in" onClick={() => dispatch({ type: 'switched', mode: 'signin' })} />
        </span>
      </ModeLinks>
    </AuthFormFrame>
  );
}
