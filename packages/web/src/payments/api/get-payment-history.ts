import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentHistory, PaymentRecord } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/payments/history, newest first. */
export const paymentHistoryQuery = queryOptions({
  queryKey: ['payments', 'history'],
  queryFn: () => apiJson<PaymentHistory>('/api/payments/history', { fallbackError: 'Failed to load payment history' }),
});

/** The signed-in account's payments. */
export function usePaymentHistory() {
  return useQuery(paymentHistoryQuery);
}

/** GET /api/payments/receipts/{id}: one payment's receipt. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: ['payments', 'receipt', id],
    queryFn: () =>
      apiJson<PaymentRecord>(`/api/payments/receipts/${encodeURIComponent(id)}`, {
        fallbackError: 'Failed to load the receipt',
      }),
  });
}
