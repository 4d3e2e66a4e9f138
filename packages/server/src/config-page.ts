import { Environment, RULES, VALUES } from './config-environment.js';

/** What the page says about one variable, read from its schema. */
interface Documented {
  description?: string;
  default?: string;
  [VALUES]?: string;
}

/** One list item: the name, what it takes, its default when the schema has one, and its description. */
function variableLine(name: string, schema: Documented): string {
  const values = schema[VALUES] ?? 'text';
  const fallback =
    schema.default === undefined ? '' : schema.default === '' ? '; default empty' : `; default \`${schema.default}\``;
  return `- **\`${name}\`** (${values}${fallback}): ${schema.description ?? ''}`;
}

/**
 * docs/configuration.md, generated from the environment schema (config-environment.ts) so that the page cannot
 * drift from what the server reads: `npm run docs:config` rewrites it, and its test fails when stale.
 */
export function configurationPage(): string {
  const variables = Object.entries(Environment.properties as Record<string, Documented>);
  return [
    '# Configuration',
    '',
    '<!-- Generated from the environment schema in packages/server/src/config-environment.ts by `npm run docs:config`: edit the descriptions there, not here. -->',
    '',
    'The server reads these environment variables, once, at start. Everything has a working default: `npm start` needs none of them. A blank value counts as unset. A value the server cannot use stops it with one line naming the variable (a secret is never repeated in it).',
    '',
    '## Variables',
    '',
    ...variables.map(([name, schema]) => variableLine(name, schema)),
    '',
    '## Variables that go together',
    '',
    'The server refuses to start when one of these does not hold:',
    '',
    ...RULES.map((rule) => `- ${rule.error}.`),
    '',
  ].join('\n');
}
