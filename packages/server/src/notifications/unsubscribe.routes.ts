import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { UnsubscribeQuery } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../platform/html.js';
import type { NotificationsService } from './service.js';

const PATH = '/api/notifications/unsubscribe';

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Unnest</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:8px;cursor:pointer;background:#1565c0;color:#fff;border:0}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`;
}

/**
 * The one-click unsubscribe link of every notification e-mail (RFC 8058), public: its signature is
 * the proof. GET shows what it turns off and a button; POST (the button, or a mail client's
 * one-click `List-Unsubscribe=One-Click`) turns it off.
 */
export function unsubscribeRoutes(service: NotificationsService, publicUrl: string) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['notifications'],
          summary: 'The unsubscribe page of an e-mail link: what it turns off, and a button',
          querystring: UnsubscribeQuery,
        },
      },
      async (request, reply) => {
        const { user, kind, sig } = request.query;
        const { label } = service.unsubscribeTarget(user, kind, sig);
        const action = `${PATH}?${new URLSearchParams({ user, kind, sig }).toString()}`;
        return reply.type('text/html; charset=utf-8').send(
          page(
            'Unsubscribe',
            `<p>This turns off ${escapeHtml(label)} for your Unnest account.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
          ),
        );
      },
    );
    api.post(
      PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['notifications'],
          summary: 'Turns off what an e-mail link names (one-click unsubscribe, RFC 8058)',
          querystring: UnsubscribeQuery,
        },
      },
      async (request, reply) => {
        const { user, kind, sig } = request.query;
        const { label } = await service.unsubscribe(user, kind, sig);
        return reply.type('text/html; charset=utf-8').send(
          page(
            'You are unsubscribed',
            `<p>${escapeHtml(label[0]?.toUpperCase() ?? '')}${escapeHtml(label.slice(1))} are now off.</p>
<p>You can turn them back on in <a href="${escapeHtml(publicUrl)}/settings">Settings</a>.</p>`,
          ),
        );
      },
    );
  };
}
