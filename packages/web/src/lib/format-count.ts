/** A count with thousands separators, the same in every locale (1,234,567). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
