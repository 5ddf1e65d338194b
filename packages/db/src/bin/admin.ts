// `npm run admin -- <command>`: operator commands that need no web session.
//   tenant create --name NAME --owner EMAIL   prints {"tenant":{"id","slug"},"token":"mcpt_..."}
//   secrets rotate                            re-seals stored secrets under the first MCPTEST_ENCRYPTION_KEYS key
import { parseArgs } from 'node:util';
import { EnvError } from '@mcptest/core';
import { createSecretBox } from '../crypto/secret-box';
import { rotateSecrets } from '../crypto/rotate-secrets';
import { createDatabase } from '../database';
import { DbError } from '../errors';
import { createTenant } from '../tenant/create-tenant';
import { readEnv } from './env';

const USAGE = `usage: npm run admin -- tenant create --name NAME --owner EMAIL
       npm run admin -- secrets rotate`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [group, command, ...rest] = argv;
  const env = readEnv();
  if (group === 'tenant' && command === 'create') {
    const { values } = parseArgs({ args: rest, options: { name: { type: 'string' }, owner: { type: 'string' } } });
    if (!values.name?.trim()) throw new UsageError('--name is required');
    if (!values.owner || !/^[^@\s]+@[^@\s]+$/.test(values.owner))
      throw new UsageError('--owner must be an email address');
    const db = createDatabase({ url: env.DATABASE_URL, maxConnections: 2 });
    try {
      console.log(JSON.stringify(await createTenant(db, { name: values.name, ownerEmail: values.owner })));
    } finally {
      await db.disconnect();
    }
    return;
  }
  if (group === 'secrets' && command === 'rotate') {
    const db = createDatabase({ url: env.DATABASE_URL, maxConnections: 2 });
    try {
      const result = await rotateSecrets(db, createSecretBox(env.MCPTEST_ENCRYPTION_KEYS));
      console.log(JSON.stringify({ resealed: result }));
    } finally {
      await db.disconnect();
    }
    return;
  }
  throw new UsageError(group ? `unknown command: ${[group, command].filter(Boolean).join(' ')}` : 'no command given');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`admin: ${error.message}\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof EnvError || error instanceof DbError || (error instanceof Error && 'code' in error)) {
      console.error(`admin: ${(error as Error).message}`);
    } else console.error('admin: failed:', error);
    process.exit(1);
  },
);
