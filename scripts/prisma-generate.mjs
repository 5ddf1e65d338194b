// Runs `prisma generate` offline. Prisma 7's CLI wants its downloaded schema-engine binary even for generate; pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies that check (generate never executes it). Never do this for
// migrate commands: they would then silently apply nothing. Migrations go through `npm run db:migrate`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  path.join(root, 'node_modules/.bin/prisma'),
  ['generate', '--schema', 'prisma/schema.prisma'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1',
    },
  },
);
process.exit(result.status ?? 1);
