import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from './logger.js';
import { withRouteAccess } from './route-access.js';

/** The web app's build, beside this package: packages/web/dist (from src/platform or dist/platform). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

// Vite names every file under assets/ after its content hash, so a file there never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current hashed files: always ask the server whether it changed.
const REVALIDATE = 'no-cache';

/** Paths that belong to the API (a miss there is a JSON 404, never the app). */
function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url === '/health' || url.startsWith('/health?');
}

/**
 * Serves the built single-page app at `/`: hashed assets with a year-long cache, compressed at build time
 * (brotli or gzip, as the request accepts), and index.html for
 * every other GET outside the API, so the app's own router handles deep links. Without a build (an
 * API-only checkout), nothing is registered and the API works as before.
 */
export function webAssets(log: Logger, root: string = WEB_DIST_DIR) {
  return async function register(app: FastifyInstance): Promise<void> {
    if (!fs.existsSync(`${root}/index.html`)) {
      log.warn({ root }, 'web app not built (npm run build): serving the API only');
      return;
    }
    // Static files are routes of @fastify/static, which cannot declare access: its scope makes them public.
    await app.register(
      withRouteAccess('public', async (site) => {
        await site.register(fastifyStatic, {
          root,
          wildcard: false,
          index: false,
          // The build writes a `.br` and a `.gz` beside each text file (scripts/precompress.mjs): sent as they
          // are to a browser that accepts them, the plain file otherwise.
          preCompressed: true,
          setHeaders(reply, filePath) {
            reply.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : REVALIDATE);
          },
        });
        const sendApp = (reply: FastifyReply) => reply.header('cache-control', REVALIDATE).sendFile('index.html');
        const config = { access: 'public' } as const;
        site.get('/', { config, schema: { hide: true } }, (_request, reply) => sendApp(reply));
        site.get('/*', { config, schema: { hide: true } }, (request, reply) => {
          // A missing asset or API path is a real 404; anything else is a route of the app.
          if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound();
          return sendApp(reply);
        });
      }),
    );
  };
}
