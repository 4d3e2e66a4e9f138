import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminAddCreditsBody,
  AdminDashboard,
  AdminJobParams,
  AdminJobsQuery,
  AdminJobsResponse,
  AdminLogsQuery,
  AdminLogsResponse,
  AdminSetPlanBody,
  AdminSetRoleBody,
  AdminStats,
  AdminUserDetail,
  AdminUserParams,
  AdminUsersQuery,
  AdminUsersResponse,
  ErrorBody,
  SuccessResponse,
} from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { AdminService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const userErrors = { ...errors, 404: ErrorBody };

/** HTTP of the admin area: every route is for accounts in the admin group. */
export function adminRoutes(service: AdminService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'admin' } as const;
    const common = { tags: ['admin'] };
    const user = { ...common, params: AdminUserParams };

    api.get(
      '/api/admin/dashboard',
      {
        config,
        schema: { ...common, summary: 'Figures over every account', response: { 200: AdminDashboard, ...errors } },
      },
      async () => service.dashboard(),
    );
    api.get(
      '/api/admin/users',
      {
        config,
        schema: {
          ...common,
          summary: 'Accounts, newest first, searched by e-mail',
          querystring: AdminUsersQuery,
          response: { 200: AdminUsersResponse, ...errors },
        },
      },
      async (request) => service.users(request.query.q, request.query.page ?? 1, request.query.page_size ?? 20),
    );
    api.get(
      '/api/admin/users/:id',
      {
        config,
        schema: {
          ...user,
          summary: 'One account: plan, credits, storage, recent activity',
          response: { 200: AdminUserDetail, ...userErrors },
        },
      },
      async (request) => service.user(request.params.id),
    );
    api.put(
      '/api/admin/users/:id/plan',
      {
        config,
        schema: {
          ...user,
          summary: 'Change the plan (its limits apply at once)',
          body: AdminSetPlanBody,
          response: { 200: AdminUserDetail, ...userErrors },
        },
      },
      async (request) => service.setPlan(request.claims.sub, request.params.id, request.body.plan),
    );
    api.post(
      '/api/admin/users/:id/credits',
      {
        config,
        schema: {
          ...user,
          summary: 'Add conversion credits with a reason (once per request_id)',
          body: AdminAddCreditsBody,
          response: { 200: AdminUserDetail, ...userErrors },
        },
      },
      async (request) => service.addCredits(request.claims.sub, request.params.id, request.body),
    );
    api.put(
      '/api/admin/users/:id/role',
      {
        config,
        schema: {
          ...user,
          summary: 'Give or take the admin role',
          body: AdminSetRoleBody,
          response: { 200: AdminUserDetail, ...userErrors },
        },
      },
      async (request) => service.setRole(request.claims.sub, request.params.id, request.body.admin),
    );
    api.post(
      '/api/admin/users/:id/disable',
      {
        config,
        schema: {
          ...user,
          summary: 'Disable the account: no sign-in, its tokens refused at once',
          response: { 200: AdminUserDetail, ...userErrors },
        },
      },
      async (request) => service.setDisabled(request.claims.sub, request.params.id, true),
    );
    api.post(
      '/api/admin/users/:id/enable',
      {
        config,
        schema: { ...user, summary: 'Enable a disabled account', response: { 200: AdminUserDetail, ...userErrors } },
      },
      async (request) => service.setDisabled(request.claims.sub, request.params.id, false),
    );
    api.post(
      '/api/admin/users/:id/resend-confirmation',
      {
        config,
        schema: {
          ...user,
          summary: 'E-mail a new confirmation code to an unconfirmed account',
          response: { 200: SuccessResponse, ...userErrors, 409: ErrorBody, 429: ErrorBody, 502: ErrorBody },
        },
      },
      async (request) => {
        await service.resendConfirmation(request.claims.sub, request.params.id);
        return { success: true, message: 'A new confirmation code was sent.' };
      },
    );
    api.delete(
      '/api/admin/users/:id',
      {
        config,
        schema: {
          ...user,
          summary: 'Delete the account with its files and history',
          response: { 200: SuccessResponse, ...userErrors },
        },
      },
      async (request) => {
        await service.deleteUser(request.claims.sub, request.params.id);
        return { success: true, message: 'The account and all its files have been deleted.' };
      },
    );
    api.get(
      '/api/admin/stats',
      {
        config,
        schema: {
          ...common,
          summary: 'Actions, plans, sign-ups and top accounts (30 days)',
          response: { 200: AdminStats, ...errors },
        },
      },
      async () => service.stats(),
    );
    api.get(
      '/api/admin/logs',
      {
        config,
        schema: {
          ...common,
          summary: 'The audit of every account, newest first, filtered by account, action and status',
          querystring: AdminLogsQuery,
          response: { 200: AdminLogsResponse, ...errors },
        },
      },
      async (request) => service.logs(request.query),
    );
    api.get(
      '/api/admin/jobs',
      {
        config,
        schema: {
          ...common,
          summary: 'Background jobs that failed for good',
          querystring: AdminJobsQuery,
          response: { 200: AdminJobsResponse, ...errors },
        },
      },
      async (request) => service.failedJobs(request.query.page ?? 1, request.query.page_size ?? 20),
    );
    api.post(
      '/api/admin/jobs/:queue/:id/retry',
      {
        config,
        schema: {
          ...common,
          summary: 'Put a failed job back in its queue',
          params: AdminJobParams,
          response: { 200: SuccessResponse, ...errors, 404: ErrorBody },
        },
      },
      async (request) => {
        await service.retryJob(request.claims.sub, request.params.queue, request.params.id);
        return { success: true, message: 'The job is back in its queue.' };
      },
    );
  };
}
