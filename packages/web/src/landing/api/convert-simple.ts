import { useMutation } from '@tanstack/react-query';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';

/** POST /api/convert/simple: anonymous quick convert, raw JSON in, CSV text out. */
export async function convertSimple(json: string): Promise<string> {
  const response = await apiFetch('/api/convert/simple', {
    method: 'POST',
    body: json,
    headers: { 'Content-Type': 'application/json' },
    fallbackError: CONVERSION_TEXTS.conversionFailed,
  });
  return response.text();
}

/** Mutation hook for the quick convert. */
export function useConvertSimple() {
  return useMutation({ mutationFn: convertSimple });
}
