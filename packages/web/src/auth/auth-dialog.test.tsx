import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeModeProvider } from '../app/theme-mode';
import type { AuthMode } from '../lib/auth-dialog-control';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { endSession } from '../lib/session-store';
import { AuthDialog } from './auth-dialog';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let requests: { path: string; body: unknown }[];

function jsonResponse(reply: Reply): Response {
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

// An unsigned token the client can read: it only decodes claims, the server verifies them.
function accessToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const claims = {
    sub: 'u1',
    email: 'ada@example.com',
    groups: [],
    is_premium: false,
    plan: 'free',
    iat: 1,
    exp: 4_102_444_800,
  };
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

function renderDialog(props: { initialMode?: AuthMode; pendingEmail?: string } = {}) {
  const onClose = vi.fn();
  const onSignedIn = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <SessionProvider>
          <AuthDialog open onClose={onClose} onSignedIn={onSignedIn} {...props} />
        </SessionProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { ...view, onClose, onSignedIn, user: userEvent.setup() };
}

const submit = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  localStorage.clear();
  replies = {};
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      requests.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[path];
      if (!reply) throw new Error(`unexpected request to ${path}`);
      return jsonResponse(reply);
    }),
  );
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

describe('AuthDialog', () => {
  it('opens in sign-in mode and keeps Sign In disabled until e-mail and password are filled', async () => {
    const { user } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(submit('Sign In').hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(submit('Sign In').hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(submit('Sign In').hasAttribute('disabled')).toBe(false);
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('checks sign-up passwords before calling the server', async () => {
    const { user } = renderDialog({ initialMode: 'signup' });
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorter');
    await user.click(submit('Create Account'));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(submit('Create Account'));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('moves from sign-up to confirm with the e-mail locked, then to the success screen', async () => {
    replies['/api/auth/signup'] = { status: 201, body: { success: true, message: 'ok', detail: 'ok' } };
    replies['/api/auth/confirm-signup'] = { status: 200, body: { success: true, message: 'ok', detail: 'ok' } };
    const { user } = renderDialog({ initialMode: 'signup' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(submit('Create Account'));
    expect(
      await screen.findByText('Account created successfully! Please check your email for a confirmation code.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.disabled).toBe(true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(requests[0]).toEqual({
      path: '/api/auth/signup',
      body: { email: 'ada@example.com', password: 'long enough' },
    });

    const code = screen.getByLabelText('Confirmation code') as HTMLInputElement;
    expect(screen.getByText('Enter the 6-digit code sent to your e-mail')).toBeTruthy();
    await user.type(code, '12a3-4567');
    expect(code.value).toBe('123456');
    await user.click(submit('Confirm Email'));
    expect(
      await screen.findByText('Your email has been confirmed successfully! You can now sign in to your account.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign Up Successful!' })).toBeTruthy();
    expect(requests[1]?.body).toEqual({ email: 'ada@example.com', confirmation_code: '123456' });
    await user.click(submit('Sign In Now'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('offers sign-up for an unknown user and keeps the e-mail when switching', async () => {
    replies['/api/auth/login'] = { status: 404, body: { detail: 'User not found', code: 'USER_NOT_FOUND' } };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('User not found. Would you like to sign up instead?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByText('User not found. Would you like to sign up instead?')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('sends an unconfirmed account to confirm mode', async () => {
    replies['/api/auth/login'] = {
      status: 403,
      body: {
        detail: 'Email not confirmed. Please confirm your email address before signing in.',
        code: 'EMAIL_NOT_CONFIRMED',
      },
    };
    replies['/api/auth/resend-confirmation'] = { status: 200, body: { success: true, message: 'ok', detail: 'ok' } };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Please confirm your email address before signing in.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Confirmation code sent successfully! Please check your email.')).toBeTruthy();
    expect(requests.at(-1)).toEqual({ path: '/api/auth/resend-confirmation', body: { email: 'ada@example.com' } });
  });

  it('shows other errors with their message', async () => {
    replies['/api/auth/login'] = {
      status: 401,
      body: { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    // Switching modes clears the message.
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('locks a given pending e-mail in confirm mode', () => {
    renderDialog({ initialMode: 'confirm', pendingEmail: 'grace@example.com' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('grace@example.com');
    expect(email.disabled).toBe(true);
    expect(submit('Confirm Email').hasAttribute('disabled')).toBe(true);
  });

  it('signs in, stores the token after the redirect delay and closes', async () => {
    replies['/api/auth/login'] = {
      status: 200,
      body: {
        success: true,
        tokens: { access_token: accessToken(), token_type: 'Bearer', expires_in: 900 },
        user: { email: 'ada@example.com', user_id: 'u1' },
      },
    };
    const { user, onClose, onSignedIn } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Sign in successful! Redirecting to dashboard...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Processing...' }).hasAttribute('disabled')).toBe(true);
    expect(localStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce(), { timeout: 3000 });
    expect(localStorage.getItem('authToken')).toBe(accessToken());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('rejects a login answer without a token', async () => {
    replies['/api/auth/login'] = { status: 200, body: { success: false } };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Invalid response format')).toBeTruthy();
  });
});

describe('AuthDialog password reset', () => {
  const CODE_SENT = 'If an account exists for this email, we have sent it a 6-digit reset code.';
  const ok = { status: 200, body: { success: true, message: 'ok', detail: 'ok' } };

  // Sign-in with an e-mail typed, then 'Forgot password?' and 'Send Code': the second step.
  async function openResetStep(user: ReturnType<typeof renderDialog>['user']) {
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(submit('Send Code'));
    await screen.findByText(CODE_SENT);
  }

  it('asks for the e-mail, prefilled from sign-in, and sends the code without claiming the account exists', async () => {
    replies['/api/auth/login'] = {
      status: 401,
      body: { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    };
    replies['/api/auth/forgot-password'] = ok;
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'forgotten');
    await user.click(submit('Sign In'));
    await screen.findByText('Invalid email or password');

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.disabled).toBe(false);
    expect(document.activeElement).toBe(email);
    expect(screen.queryByLabelText('Password')).toBeNull();

    await user.clear(email);
    expect(submit('Send Code').hasAttribute('disabled')).toBe(true);
    await user.type(email, 'ada@example');
    await user.click(submit('Send Code'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.type(email, '.com');
    await user.click(submit('Send Code'));
    expect(await screen.findByText(CODE_SENT)).toBeTruthy();
    expect(requests.at(-1)).toEqual({ path: '/api/auth/forgot-password', body: { email: 'ada@example.com' } });

    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    const locked = screen.getByLabelText('Email') as HTMLInputElement;
    expect(locked.value).toBe('ada@example.com');
    expect(locked.disabled).toBe(true);
    const code = screen.getByLabelText('Reset code') as HTMLInputElement;
    expect(screen.getByText('Enter the 6-digit code sent to your e-mail')).toBeTruthy();
    await user.type(code, '98x7-65432');
    expect(code.value).toBe('987654');
  });

  it('keeps Reset Password disabled until every field is filled and checks the new password locally', async () => {
    replies['/api/auth/forgot-password'] = ok;
    const { user } = renderDialog();
    await openResetStep(user);
    expect(submit('Reset Password').hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Reset code'), '123');
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(submit('Reset Password').hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Confirm new password'), 'shorter');
    expect(submit('Reset Password').hasAttribute('disabled')).toBe(false);
    await user.click(submit('Reset Password'));
    expect(
      await screen.findByText('Enter the 6-digit code sent to your e-mail', { selector: '.MuiAlert-message' }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Reset code'), '456');
    await user.click(submit('Reset Password'));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(submit('Reset Password'));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/forgot-password']);
  });

  it('resets the password, then returns to sign-in with the e-mail kept and a success message', async () => {
    replies['/api/auth/forgot-password'] = ok;
    replies['/api/auth/reset-password'] = ok;
    const { user } = renderDialog();
    await openResetStep(user);
    await user.type(screen.getByLabelText('Reset code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(submit('Reset Password'));
    expect(
      await screen.findByText('Password reset successfully! You can now sign in with your new password.'),
    ).toBeTruthy();
    expect(requests.at(-1)).toEqual({
      path: '/api/auth/reset-password',
      body: { email: 'ada@example.com', code: '123456', new_password: 'brand new secret' },
    });
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.disabled).toBe(false);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
  });

  it("shows the server's detail for a wrong code, without offering to confirm the e-mail, and resends", async () => {
    replies['/api/auth/forgot-password'] = ok;
    replies['/api/auth/reset-password'] = {
      status: 400,
      body: { detail: 'Invalid verification code. Please check the code sent to your email.', code: 'CODE_INVALID' },
    };
    const { user } = renderDialog();
    await openResetStep(user);
    await user.type(screen.getByLabelText('Reset code'), '000000');
    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(submit('Reset Password'));
    expect(
      await screen.findByText('Invalid verification code. Please check the code sent to your email.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Email' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('If an account exists for this email, we have sent it a new reset code.'),
    ).toBeTruthy();
    expect(screen.queryByText('Invalid verification code. Please check the code sent to your email.')).toBeNull();
    expect(requests.at(-1)).toEqual({ path: '/api/auth/forgot-password', body: { email: 'ada@example.com' } });
  });

  it("shows the server's detail when the code cannot be sent", async () => {
    replies['/api/auth/forgot-password'] = {
      status: 429,
      body: { detail: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
    };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(submit('Send Code'));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
    expect(screen.queryByLabelText('Reset code')).toBeNull();
  });

  it("reads 'Processing...' while a request is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(submit('Send Code'));
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing.hasAttribute('disabled')).toBe(true);
    answer(jsonResponse(ok));
    expect(await screen.findByText(CODE_SENT)).toBeTruthy();
    expect(submit('Reset Password')).toBeTruthy();
  });

  it('goes back to the first step or to sign-in, and closing returns to sign-in', async () => {
    replies['/api/auth/forgot-password'] = ok;
    const { user, onClose } = renderDialog();
    await openResetStep(user);
    await user.type(screen.getByLabelText('Reset code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(screen.queryByText(CODE_SENT)).toBeNull();
    expect(screen.queryByLabelText('Reset code')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(submit('Send Code').hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');

    await openResetStep(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText(CODE_SENT)).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });
});
