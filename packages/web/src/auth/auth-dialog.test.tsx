import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accessToken, api, renderDialog, scriptApiForEachTest, submit } from './auth-dialog-test-support';
import { SIGN_IN_REDIRECT_MS } from './modes/sign-in-form';

scriptApiForEachTest();

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
    expect(api.requests).toHaveLength(0);
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
    expect(api.requests).toHaveLength(0);
  });

  it('moves from sign-up to confirm with the e-mail locked, then to the success screen', async () => {
    api.replies['/api/auth/signup'] = { status: 201, body: { success: true, message: 'ok', detail: 'ok' } };
    api.replies['/api/auth/confirm-signup'] = { status: 200, body: { success: true, message: 'ok', detail: 'ok' } };
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
    expect(api.requests[0]).toEqual({
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
    expect(api.requests[1]?.body).toEqual({ email: 'ada@example.com', confirmation_code: '123456' });
    await user.click(submit('Sign In Now'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('offers sign-up for an unknown user and keeps the e-mail when switching', async () => {
    api.replies['/api/auth/login'] = { status: 404, body: { detail: 'User not found', code: 'USER_NOT_FOUND' } };
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
    api.replies['/api/auth/login'] = {
      status: 403,
      body: {
        detail: 'Email not confirmed. Please confirm your email address before signing in.',
        code: 'EMAIL_NOT_CONFIRMED',
      },
    };
    api.replies['/api/auth/resend-confirmation'] = {
      status: 200,
      body: { success: true, message: 'ok', detail: 'ok' },
    };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Please confirm your email address before signing in.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Confirmation code sent successfully! Please check your email.')).toBeTruthy();
    expect(api.requests.at(-1)).toEqual({ path: '/api/auth/resend-confirmation', body: { email: 'ada@example.com' } });
  });

  it('shows other errors with their message', async () => {
    api.replies['/api/auth/login'] = {
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
    api.replies['/api/auth/login'] = {
      status: 200,
      body: {
        success: true,
        tokens: { access_token: accessToken(), token_type: 'Bearer', expires_in: 900 },
        user: { email: 'ada@example.com', user_id: 'u1' },
      },
    };
    // Fake timers: the redirect delay is stepped through, not waited out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, onClose, onSignedIn } = renderDialog({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Sign in successful! Redirecting to dashboard...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Processing...' }).hasAttribute('disabled')).toBe(true);
    expect(localStorage.getItem('authToken')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SIGN_IN_REDIRECT_MS - 100));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(onSignedIn).toHaveBeenCalledOnce();
    expect(localStorage.getItem('authToken')).toBe(accessToken());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('rejects a login answer without a token', async () => {
    api.replies['/api/auth/login'] = { status: 200, body: { success: false } };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(submit('Sign In'));
    expect(await screen.findByText('Invalid response format')).toBeTruthy();
  });
});
