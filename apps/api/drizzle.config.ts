import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: `push` fails on PGlite, and one migration set serves both
// PGlite and the PostgreSQL server.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
