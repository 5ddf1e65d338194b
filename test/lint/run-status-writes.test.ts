// docs/ARCHITECTURE.md "Run lifecycle": packages/db/src/runs is the one place that writes Run.status. ESLint refuses a
// `status` in the data of run.create/update/updateMany/upsert anywhere else; this lints in-memory snippets as if they
// sat in each place and checks that the write is refused outside the module, allowed inside it, and that reads,
// filters and other models' statuses pass.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    // The snippets exist only in memory, so no TypeScript program can hold them; the rule needs none.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  });
});

async function refusals(file: string, body: string): Promise<string[]> {
  const code = `declare const db: any;\nexport async function f(): Promise<void> {\n${body}\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (result === undefined) throw new Error(`no lint result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal === true);
  if (fatal.length > 0) throw new Error(`${file}: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const WRITES = {
  create: `await db.run.create({ data: { suiteId: 's', status: 'PASSED' } });`,
  update: `await db.run.update({ where: { id: 'r' }, data: { status: 'PASSED' } });`,
  updateMany: `await db.tenant('t').run.updateMany({ where: { status: 'QUEUED' }, data: { status: 'CANCELLED' } });`,
  createMany: `await db.run.createMany({ data: [{ suiteId: 's', status: 'FAILED' }] });`,
  'upsert create': `await db.run.upsert({ where: { id: 'r' }, create: { status: 'QUEUED' }, update: {} });`,
  'upsert update': `await db.run.upsert({ where: { id: 'r' }, create: {}, update: { status: 'RUNNING' } });`,
  shorthand: `const status = 'ERROR'; await db.run.update({ where: { id: 'r' }, data: { status } });`,
};

const ELSEWHERE = [
  'apps/web/src/server/services/runs/example.ts',
  'apps/web/src/server/services/badges/example.test.ts',
  'workers/runner/src/run/example.ts',
  'packages/redis/src/runs/example.ts',
  'packages/db/src/tenant/example.ts',
  'scripts/bench/example.ts',
  'test/isolation/example.ts',
];

describe('run status writes', () => {
  it.each(ELSEWHERE.flatMap((file) => Object.entries(WRITES).map(([kind, body]) => [file, kind, body] as const)))(
    '%s: a %s setting status is refused',
    async (file, _kind, body) => {
      const messages = await refusals(file, body);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('packages/db/src/runs');
    },
  );

  it.each(Object.entries(WRITES))('packages/db/src/runs: a %s setting status is allowed', async (_kind, body) => {
    expect(await refusals('packages/db/src/runs/example.ts', body)).toEqual([]);
  });

  it.each([
    [
      'a status filter',
      `await db.run.updateMany({ where: { status: 'RUNNING' }, data: { cancelRequestedAt: new Date() } });`,
    ],
    ['a read', `await db.run.findMany({ where: { status: 'QUEUED' }, select: { status: true } });`],
    ['another model', `await db.webhookDelivery.update({ where: { id: 'd' }, data: { status: 'FAILED' } });`],
    ['a result row', `await db.assertionResult.create({ data: { status: 'PASS' } });`],
  ])('elsewhere, %s passes', async (_name, body) => {
    expect(await refusals('apps/web/src/server/services/runs/example.ts', body)).toEqual([]);
  });
});
