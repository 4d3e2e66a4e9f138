/** An amount in a currency's smallest unit (paise, cents) as money text, e.g. ₹1,249.50. */
export function formatMoney(smallestUnits: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(smallestUnits / 100);
}
