import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ConfirmSignupBody,
  DownloadTicketBody,
  DownloadTicketResponse,
  EmailOnlyBody,
  ErrorBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  MessageResponse,
  ResetPasswordBody,
  SignupBody,
} from '@unnest/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientAddress } from '../platform/client-address.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-tokens.js';
import type { AuthService, Session } from './service.js';

/** The refresh token cookie: httpOnly, and sent only to the auth routes that use it. */
export const REFRESH_COOKIE = 'unnest_refresh';
const COOKIE_PATH = '/api/auth';

function message(text: string): MessageResponse {
  return { success: true, message: text, detail: text };
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** HTTP for the account system; every rule lives in AuthService. */
export function authRoutes(service: AuthService, options: { secureCookie: boolean }) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['auth'];

    function sendSession(reply: FastifyReply, session: Session): LoginResponse {
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        httpOnly: true,
        secure: options.secureCookie,
        sameSite: 'strict',
        path: COOKIE_PATH,
        expires: session.refreshExpiresAt,
      });
      return {
        success: true,
        tokens: { access_token: session.accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS },
        user: { email: session.user.email, user_id: session.user.user_id },
      };
    }

    api.post(
      '/api/auth/signup',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Create an account; a confirmation code is e-mailed',
          body: SignupBody,
          response: { 201: MessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        await service.signup(request.body.email, request.body.password, clientAddress(request));
        return reply
          .status(201)
          .send(message('Account created successfully! Please check your email for a confirmation code.'));
      },
    );

    api.post(
      '/api/auth/confirm-signup',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Confirm the e-mail address with the 6-digit code',
          body: ConfirmSignupBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await service.confirmSignup(request.body.email, request.body.confirmation_code);
        return message('Email confirmed successfully! You can now sign in.');
      },
    );

    api.post(
      '/api/auth/resend-confirmation',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'E-mail a new confirmation code (5 per hour)',
          body: EmailOnlyBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await service.resendConfirmation(request.body.email, clientAddress(request));
        return message('Confirmation code sent successfully! Please check your email.');
      },
    );

    api.post(
      '/api/auth/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Sign in; sets the refresh cookie',
          body: LoginBody,
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request, reply) =>
        sendSession(reply, await service.login(request.body.email, request.body.password, clientAddress(request))),
    );

    api.post(
      '/api/auth/refresh',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'New access token from the refresh cookie (rotates it)',
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request, reply) => sendSession(reply, await service.refresh(request.cookies[REFRESH_COOKIE])),
    );

    api.post(
      '/api/auth/logout',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Revoke the refresh cookie', response: { 200: MessageResponse, ...errors } },
      },
      async (request, reply) => {
        await service.logout(request.cookies[REFRESH_COOKIE]);
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        return message('Signed out.');
      },
    );

    api.post(
      '/api/auth/logout-everywhere',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Sign out every browser and device: ends all refresh and access tokens of the account',
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        await service.logoutEverywhere(request.claims.sub);
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        return message('Signed out everywhere.');
      },
    );

    api.post(
      '/api/auth/download-ticket',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'A short-lived ticket for one download URL, so that a browser follows it as a plain link (streamed to disk)',
          body: DownloadTicketBody,
          response: { 200: DownloadTicketResponse, ...errors },
        },
      },
      async (request): Promise<DownloadTicketResponse> => {
        const { url } = request.body;
        const at = url.indexOf('?');
        const path = at < 0 ? url : url.slice(0, at);
        const { ticket, expiresAt } = await service.downloadTicket(request.claims, path);
        const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
        params.set('ticket', ticket);
        return { url: `${path}?${params.toString()}`, expires_at: expiresAt.toISOString() };
      },
    );

    api.get(
      '/api/auth/me',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The signed-in account',
          response: { 200: MeResponse, ...errors },
        },
      },
      // Route access read the account for this request.
      async (request) => ({ user: request.account.user }),
    );

    api.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'E-mail a password reset code (same answer for every address)',
          body: EmailOnlyBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await service.forgotPassword(request.body.email, clientAddress(request));
        return message('If an account exists for this email, a reset code has been sent to it.');
      },
    );

    api.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Set a new password with the e-mailed code; signs out every session',
          body: ResetPasswordBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await service.resetPassword(request.body.email, request.body.code, request.body.new_password);
        return message('Your password has been reset. You can now sign in.');
      },
    );
  };
}
