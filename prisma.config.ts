// Prisma CLI configuration. Only `prisma generate` is used (see scripts/prisma-generate.mjs); migrations are applied by
// packages/db's own applier, so no datasource URL is needed here.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
