import type { MailMessage } from '../platform/mail.js';

const TEN_MINUTES = 'It is valid for 10 minutes.';

/** The e-mail carrying a sign-up confirmation code. */
export function confirmationMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Unnest confirmation code: ${code}`,
    text: `Welcome to Unnest.\n\nYour confirmation code is ${code}\n\n${TEN_MINUTES}\nIf you did not sign up, ignore this e-mail.\n`,
    outboxNote: `Confirmation code: ${code}`,
  };
}

/** The e-mail carrying a password reset code. */
export function passwordResetMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Unnest password reset code: ${code}`,
    text: `Someone asked to reset the password of your Unnest account.\n\nYour reset code is ${code}\n\n${TEN_MINUTES}\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    outboxNote: `Password reset code: ${code}`,
  };
}
