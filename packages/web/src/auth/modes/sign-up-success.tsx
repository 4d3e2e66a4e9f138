import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuthFormFrame } from '../auth-form-frame';
import type { AuthModeProps } from '../auth-mode-props';

/** The address is confirmed: on to sign in. */
export function SignUpSuccess(props: AuthModeProps) {
  return (
    <AuthFormFrame
      {...props}
      mode="success"
      title="Sign Up Successful!"
      submitLabel="Sign In Now"
      cancelLabel="Close"
      busy={false}
      onSubmit={() => props.dispatch({ type: 'switched', mode: 'signin' })}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <CheckCircleOutline color="success" sx={{ fontSize: 56 }} />
        <Typography>Your email has been confirmed successfully! You can now sign in to your account.</Typography>
      </Stack>
    </AuthFormFrame>
  );
}
