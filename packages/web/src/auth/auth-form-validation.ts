import { CODE_LENGTH, EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '@unnest/contracts';
import type { DialogMode } from './auth-dialog-mode';

/**
 * The authentication form (spec section 3). The password reset reuses it: `confirmationCode` holds the
 * reset code, `password` and `confirmPassword` the new password.
 */
export interface AuthForm {
  email: string;
  password: string;
  confirmPassword: string;
  confirmationCode: string;
}

/** An empty form. */
export const EMPTY_FORM: AuthForm = { email: '', password: '', confirmPassword: '', confirmationCode: '' };

const EMAIL = new RegExp(EMAIL_PATTERN);
const CODE = new RegExp(`^[0-9]{${CODE_LENGTH}}$`);

/** Whether the fields a mode needs are filled: the submit button stays disabled until they are. */
export function requiredFieldsFilled(mode: DialogMode, form: AuthForm): boolean {
  const email = form.email.trim() !== '';
  if (mode === 'signin') return email && form.password !== '';
  if (mode === 'signup') return email && form.password !== '' && form.confirmPassword !== '';
  if (mode === 'confirm') return email && form.confirmationCode !== '';
  if (mode === 'forgot-password') return email;
  if (mode === 'reset-password') {
    return email && form.confirmationCode !== '' && form.password !== '' && form.confirmPassword !== '';
  }
  return true;
}

/** The spec's validation message for the form in a mode (section 5), or null when it may be sent. */
export function validateAuthForm(mode: DialogMode, form: AuthForm): string | null {
  const email = form.email.trim();
  if (mode === 'signin' || mode === 'signup') {
    if (!email || !form.password) return 'Please enter both email and password';
    if (!EMAIL.test(email)) return 'Please enter a valid email address';
    if (mode === 'signup') {
      if (form.password !== form.confirmPassword) return 'Passwords do not match';
      if (form.password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
    }
    return null;
  }
  if (mode === 'confirm') {
    if (!email || !form.confirmationCode) return 'Please fill in all required fields';
    if (!EMAIL.test(email)) return 'Please enter a valid email address';
    if (!CODE.test(form.confirmationCode)) return 'Enter the 6-digit code sent to your e-mail';
  }
  // The reset steps use the resend rule for the e-mail and the sign-up rules for the new password.
  if (mode === 'forgot-password') {
    if (!email) return 'Please enter your email address';
    if (!EMAIL.test(email)) return 'Please enter a valid email address';
  }
  if (mode === 'reset-password') {
    if (!email || !form.confirmationCode || !form.password || !form.confirmPassword) {
      return 'Please fill in all required fields';
    }
    if (!EMAIL.test(email)) return 'Please enter a valid email address';
    if (!CODE.test(form.confirmationCode)) return 'Enter the 6-digit code sent to your e-mail';
    if (form.password !== form.confirmPassword) return 'Passwords do not match';
    if (form.password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
  }
  return null;
}

/** What the code input keeps of what was typed or pasted: digits only, at most six. */
export function codeInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}
