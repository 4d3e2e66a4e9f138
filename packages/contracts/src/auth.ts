import { type Static, Type } from 'typebox';
import { withMessages } from './validation-messages.js';

/** The spec's "simple shape" of an e-mail address: something@something.something, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** Minimum password length (spec section 5). */
export const PASSWORD_MIN_LENGTH = 8;
/** Confirmation and reset codes are this many digits. */
export const CODE_LENGTH = 6;

const MSG = {
  bothRequired: 'Please enter both email and password',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters long',
  allRequired: 'Please fill in all required fields',
  emailRequired: 'Please enter your email address',
  codeShape: 'Enter the 6-digit code sent to your e-mail',
} as const;

function email(missing: string) {
  return Type.String({
    maxLength: 320,
    pattern: EMAIL_PATTERN,
    ...withMessages({ required: missing, maxLength: MSG.invalidEmail, pattern: MSG.invalidEmail }),
  });
}

function newPassword(missing: string) {
  return Type.String({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 1024,
    ...withMessages({ required: missing, minLength: MSG.passwordTooShort, maxLength: 'Password is too long' }),
  });
}

const code = Type.String({
  pattern: `^[0-9]{${CODE_LENGTH}}$`,
  ...withMessages({ required: MSG.allRequired, pattern: MSG.codeShape }),
});

/** POST /api/auth/signup */
export const SignupBody = Type.Object(
  { email: email(MSG.bothRequired), password: newPassword(MSG.bothRequired) },
  withMessages({ required: MSG.bothRequired }),
);
export type SignupBody = Static<typeof SignupBody>;

/** POST /api/auth/login */
export const LoginBody = Type.Object(
  {
    email: email(MSG.bothRequired),
    password: Type.String({ minLength: 1, maxLength: 1024, ...withMessages({ required: MSG.bothRequired }) }),
  },
  withMessages({ required: MSG.bothRequired }),
);
export type LoginBody = Static<typeof LoginBody>;

/** POST /api/auth/confirm-signup */
export const ConfirmSignupBody = Type.Object(
  { email: email(MSG.allRequired), confirmation_code: code },
  withMessages({ required: MSG.allRequired }),
);
export type ConfirmSignupBody = Static<typeof ConfirmSignupBody>;

/** POST /api/auth/resend-confirmation and /api/auth/forgot-password */
export const EmailOnlyBody = Type.Object(
  { email: email(MSG.emailRequired) },
  withMessages({ required: MSG.emailRequired }),
);
export type EmailOnlyBody = Static<typeof EmailOnlyBody>;

/** POST /api/auth/reset-password */
export const ResetPasswordBody = Type.Object(
  { email: email(MSG.allRequired), code, new_password: newPassword(MSG.allRequired) },
  withMessages({ required: MSG.allRequired }),
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** POST /api/auth/download-ticket: a download URL of the API (path and query), as its answers give it. */
const DOWNLOAD_URL_TEXT = 'url must be a download URL of the API, starting with /api/ (at most 2,048 characters)';
export const DownloadTicketBody = Type.Object(
  {
    url: Type.String({
      pattern: '^/api/[^\\s#?]*(\\?[^\\s#]*)?$',
      maxLength: 2048,
      description: 'a download URL of the API, e.g. /api/files/download/{id}?variant=original',
      ...withMessages({ pattern: DOWNLOAD_URL_TEXT, maxLength: DOWNLOAD_URL_TEXT, type: DOWNLOAD_URL_TEXT }),
    }),
  },
  withMessages({ required: DOWNLOAD_URL_TEXT }),
);
export type DownloadTicketBody = Static<typeof DownloadTicketBody>;

/** The same URL with its ticket, to follow as a plain link before `expires_at`. */
export const DownloadTicketResponse = Type.Object({
  url: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type DownloadTicketResponse = Static<typeof DownloadTicketResponse>;

/** Sign-up, confirmation, resend, forgot/reset and logout answers (spec section 3). */
export const MessageResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  detail: Type.String(),
});
export type MessageResponse = Static<typeof MessageResponse>;

/** Login and refresh answer (spec section 3): the access token and who it is for. */
export const LoginResponse = Type.Object({
  success: Type.Boolean(),
  tokens: Type.Object({
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
  }),
  user: Type.Object({ email: Type.String(), user_id: Type.String() }),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** The signed-in account as the server computes it. */
export const CurrentUser = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  username: Type.String({ description: 'same as the email' }),
  groups: Type.Array(Type.String()),
  is_premium: Type.Boolean(),
  plan: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type CurrentUser = Static<typeof CurrentUser>;

/** GET /api/auth/me */
export const MeResponse = Type.Object({ user: CurrentUser });
export type MeResponse = Static<typeof MeResponse>;

/** Claims of the access token (a JWT the client may decode for `exp` and display fields). */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  groups: string[];
  is_premium: boolean;
  plan: string;
  iat: number;
  exp: number;
}
