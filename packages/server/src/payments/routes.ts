import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AcknowledgePaymentRequest,
  CheckoutResult,
  CreateOrderRequest,
  CreateOrderResponse,
  ErrorBody,
  PaymentConfirmation,
  PaymentHistory,
  PaymentNotice,
  PaymentRecord,
  PayPerUseRequest,
  PayPerUseResponse,
  RenewalState,
} from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { PaymentsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 503: ErrorBody };

/** Orders, checkout verification, renewal and payment history of the signed-in account. */
export function paymentsRoutes(service: PaymentsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'user' } as const;
    const secured = { tags: ['payments'] };
    api.post(
      '/api/payments/create-order',
      {
        config,
        schema: {
          ...secured,
          summary:
            'Start buying a month of a plan (price from the catalogue; the first-50 discount is honoured at capture; a lower plan than a paid one is refused)',
          body: CreateOrderRequest,
          response: { 200: CreateOrderResponse, 409: ErrorBody, 502: ErrorBody, ...errors },
        },
      },
      async (request) => service.createPlanOrder(request.account, request.body.plan_id, request.body.currency ?? 'INR'),
    );
    api.post(
      '/api/payments/verify',
      {
        config,
        schema: {
          ...secured,
          summary: 'Verify a plan checkout’s signed result and activate the plan (once per order)',
          body: CheckoutResult,
          response: { 200: PaymentConfirmation, ...errors },
        },
      },
      async (request) => service.confirmCheckout(request.claims.sub, request.body, 'verify'),
    );
    api.post(
      '/api/payments/pay-per-use',
      {
        config,
        schema: {
          ...secured,
          summary: 'Start buying a credit pack (price from the catalogue)',
          body: PayPerUseRequest,
          response: { 200: PayPerUseResponse, 502: ErrorBody, ...errors },
        },
      },
      async (request) =>
        service.createPackOrder(request.account, request.body.package_id, request.body.currency ?? 'INR'),
    );
    api.post(
      '/api/payments/complete-payment',
      {
        config,
        schema: {
          ...secured,
          summary: 'Verify a credit pack checkout’s signed result and add the credits (once per order)',
          body: CheckoutResult,
          response: { 200: PaymentConfirmation, ...errors },
        },
      },
      async (request) => service.confirmCheckout(request.claims.sub, request.body, 'complete-payment'),
    );
    for (const [path, renew, summary] of [
      ['/api/payments/cancel', false, 'Stop renewal: the plan stays until its period ends'],
      ['/api/payments/resume', true, 'Resume renewal reminders of the running plan'],
    ] as const) {
      api.post(
        path,
        { config, schema: { ...secured, summary, response: { 200: RenewalState, 404: ErrorBody, ...errors } } },
        async (request) => service.setRenewal(request.claims.sub, renew),
      );
    }
    api.get(
      '/api/payments/history',
      {
        config,
        schema: {
          ...secured,
          summary: 'The account’s payments, newest first',
          response: { 200: PaymentHistory, 401: ErrorBody },
        },
      },
      async (request) => service.history(request.claims.sub),
    );
    api.get(
      '/api/payments/notice',
      {
        config,
        schema: {
          ...secured,
          summary: 'The newest payment whose success the dashboard has not shown yet (null: none)',
          response: { 200: PaymentNotice, 401: ErrorBody },
        },
      },
      async (request) => service.notice(request.claims.sub),
    );
    api.post(
      '/api/payments/notice/acknowledge',
      {
        config,
        schema: {
          ...secured,
          summary:
            'The success of this payment (and of older ones) was shown and is not shown again; answers what is left to show',
          body: AcknowledgePaymentRequest,
          response: { 200: PaymentNotice, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => service.acknowledgeNotice(request.claims.sub, request.body.payment_id),
    );
    api.get(
      '/api/payments/receipts/:id',
      {
        config,
        schema: {
          ...secured,
          summary: 'One payment’s receipt',
          params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
          response: { 200: PaymentRecord, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => service.receipt(request.claims.sub, request.params.id),
    );
  };
}
