import { defineConfig } from 'drizzle-kit'

// Run from the repository root: npm run db:generate
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
