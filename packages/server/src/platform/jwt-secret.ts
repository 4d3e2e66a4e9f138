import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger.js';

/**
 * The signing secret: JWT_SECRET when set, else one generated on first start and kept in
 * `dataDir/jwt-secret` so that sessions survive restarts. Several processes must share JWT_SECRET.
 */
export function jwtSecretFor(configured: string | undefined, dataDir: string, log: Logger): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    log.info({ file }, 'No JWT_SECRET set: generated one (processes sharing a database must share JWT_SECRET)');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
