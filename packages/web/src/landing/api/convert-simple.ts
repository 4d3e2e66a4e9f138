import { useMutation } from '@tanstack/react-query';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { apiFetch } from '../../lib/api-client';
import { type QuickConvertStanding, standingFrom } from '../quick-convert-standing';

/** A quick conversion's CSV, and what the address has left afterwards. */
export interface QuickConversion {
  csv: string;
  standing: QuickConvertStanding | undefined;
}

/** POST /api/convert/simple: anonymous quick convert, raw JSON in, CSV text out (the standing in the headers). */
export async function convertSimple(json: string): Promise<QuickConversion> {
  const response = await apiFetch('/api/convert/simple', {
    method: 'POST',
    body: json,
    headers: { 'Content-Type': 'application/json' },
    fallbackError: CONVERSION_TEXTS.conversionFailed,
  });
  return { csv: await response.text(), standing: standingFrom(response.headers, new Date()) };
}

/** Mutation hook for the quick convert. */
export function useConvertSimple() {
  return useMutation({ mutationFn: convertSimple });
}
