import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Environment } from './config-environment.js';
import { configurationPage } from './config-page.js';

const committed = new URL('../../../docs/configuration.md', import.meta.url);

describe('the committed configuration page (docs/configuration.md)', () => {
  it('is what the environment schema says; regenerate it with `npm run docs:config`', () => {
    const page = configurationPage();
    if (process.env.UPDATE_CONFIG_PAGE === '1') writeFileSync(committed, page);
    expect(page).toBe(readFileSync(committed, 'utf8'));
  });

  it('describes every variable the server reads', () => {
    for (const [name, schema] of Object.entries(Environment.properties as Record<string, { description?: string }>)) {
      expect(schema.description, name).toMatch(/\S.*\.$/);
    }
  });
});
