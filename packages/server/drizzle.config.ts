import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from packages/server) writes a new migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: process.env.DRIZZLE_OUT ?? './drizzle',
});
