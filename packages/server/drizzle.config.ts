import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @cloudbox/server` writes a migration for every change of src/db/schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
