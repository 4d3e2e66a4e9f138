/**
 * A wait as people say it, rounded up: `1 minute`, `45 minutes`, `1 hour`, `23 hours` (never `hour(s)`).
 */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
