import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api, jsonResponse, renderDialog, scriptApiForEachTest, submit } from './auth-dialog-test-support';

scriptApiForEachTest();

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
    api.replies['/api/auth/login'] = {
      status: 401,
      body: { detail: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    };
    api.replies['/api/auth/forgot-password'] = ok;
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
    expect(api.requests.at(-1)).toEqual({ path: '/api/auth/forgot-password', body: { email: 'ada@example.com' } });

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
    api.replies['/api/auth/forgot-password'] = ok;
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
    expect(api.requests.map((request) => request.path)).toEqual(['/api/auth/forgot-password']);
  });

  it('resets the password, then returns to sign-in with the e-mail kept and a success message', async () => {
    api.replies['/api/auth/forgot-password'] = ok;
    api.replies['/api/auth/reset-password'] = ok;
    const { user } = renderDialog();
    await openResetStep(user);
    await user.type(screen.getByLabelText('Reset code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secret');
    await user.click(submit('Reset Password'));
    expect(
      await screen.findByText('Password reset successfully! You can now sign in with your new password.'),
    ).toBeTruthy();
    expect(api.requests.at(-1)).toEqual({
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
    api.replies['/api/auth/forgot-password'] = ok;
    api.replies['/api/auth/reset-password'] = {
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
    expect(api.requests.at(-1)).toEqual({ path: '/api/auth/forgot-password', body: { email: 'ada@example.com' } });
  });

  it("shows the server's detail when the code cannot be sent", async () => {
    api.replies['/api/auth/forgot-password'] = {
      status: 429,
      body: { detail: 'Too many api.requests. Please try again later.', code: 'RATE_LIMITED' },
    };
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(submit('Send Code'));
    expect(await screen.findByText('Too many api.requests. Please try again later.')).toBeTruthy();
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
    api.replies['/api/auth/forgot-password'] = ok;
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
