import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './support/test-app.js';

const committed = new URL('../openapi.json', import.meta.url);

describe('the committed OpenAPI document (packages/server/openapi.json)', () => {
  it('matches what the routes declare; regenerate it with `npm run openapi`', async () => {
    const t = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:8080' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const document = `${JSON.stringify(response.json(), null, 2)}\n`;
      if (process.env.UPDATE_OPENAPI === '1') writeFileSync(committed, document);
      expect(document).toBe(readFileSync(committed, 'utf8'));
    } finally {
      await t.close();
    }
  });
});
