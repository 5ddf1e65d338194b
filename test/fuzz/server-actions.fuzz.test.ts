// Fuzzes every UI server action (each export of a 'use server' module under apps/web/src, read from the source tree by
// the isolation inventory) as a signed-in OWNER of the organization, on this file's Postgres and Redis. Forms start
// from fields that succeed (fresh resources for each action, as the action matrix seeds them) and are mutated: fields
// dropped, repeated or replaced with hostile text (NUL, lone surrogates, ~100 KB, numbers as text, ids of other
// things), extra fields added, the organization missing, repeated or someone else's. FormData, like a browser, turns a
// lone surrogate into U+FFFD, so only NUL reaches a form action; the live checks of the suite editor take positional
// arguments, which may be any value (surrogates included). The property: an action never throws except Next's
// redirect()/notFound(), and answers `{ok: true}` or `{ok: false, error: {code, message}}` with a known code below
// 500 (`toErrorPayload`'s unexpected errors are internal or unavailable); nothing unexpected is logged. Seams, as in
// the action matrix: the session lookup and next/cache are mocked.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { ERROR_STATUS, isErrorCode } from '../../apps/web/src/server/api/api-error';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { useTestDatabase } from '../db';
import { listServerActionModules } from '../isolation/inventory';
import {
  addMember,
  ghostId,
  idsOf,
  seedResources,
  seedServerAuthorization,
  seedTenant,
  SUITE_YAML,
  type ResourceSet,
  type TenantFixture,
} from '../isolation/tenant-fixture';
import { useTestRedis } from '../redis';
import { useRouteEnv } from '../route-env';
import { useWorkerMock } from '../worker';
import { FUZZ_TEST_TIMEOUT_MS, fuzzRuns } from './fuzz-config';
import { HOSTILE_KEYS, HOSTILE_STRINGS, hostileJson } from './json-arbitraries';

interface SessionUser {
  userId: string;
  email: string | null;
}

// Whom each call is from (one user per action, so leaving or losing a role touches nothing else).
const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('../../apps/web/src/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve(session.user),
  sessionActor: () => session.user,
}));
// revalidatePath needs the request store of a Next render; there is none here and nothing to revalidate.
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);
const mock = useWorkerMock();

type Fields = Record<string, string | string[]>;
type AnyFunction = (...args: unknown[]) => Promise<unknown>;

interface ActionCase {
  /** Fields that succeed on a fresh resource set (the action matrix's). */
  fields: (set: ResourceSet) => Fields;
  /** The live checks take `(org, ...these fields)` instead of `(previousState, FormData)`. */
  positional?: readonly string[];
  /** What reaching the service looks like, when it is not ok or a redirect (default: ok or a redirect). */
  reached?: (outcome: Outcome) => boolean;
}

/** Every server action that takes an organization, by `file#export` (file relative to apps/web/src). */
const CASES: Record<string, ActionCase> = {
  'app/o/[org]/actions.ts#createProjectAction': { fields: () => ({ name: 'fuzz project' }) },
  'app/o/[org]/members/actions.ts#inviteMemberAction': {
    fields: () => ({ email: `invitee-${ghostId()}@example.test`, role: 'MEMBER' }),
  },
  'app/o/[org]/members/actions.ts#changeRoleAction': {
    fields: (set) => ({ userId: set.memberUserId, role: 'VIEWER' }),
  },
  'app/o/[org]/members/actions.ts#removeMemberAction': { fields: (set) => ({ userId: set.memberUserId }) },
  'app/o/[org]/members/actions.ts#leaveOrganizationAction': { fields: () => ({}) },
  'app/o/[org]/members/actions.ts#revokeInvitationAction': { fields: (set) => ({ invitationId: set.invitationId }) },
  'app/o/[org]/projects/[projectId]/actions.ts#renameProjectAction': {
    fields: (set) => ({ projectId: set.projectId, name: 'renamed project' }),
  },
  'app/o/[org]/projects/[projectId]/actions.ts#deleteProjectAction': {
    fields: (set) => ({ projectId: set.projectId, confirm: set.projectName }),
  },
  'app/o/[org]/projects/[projectId]/actions.ts#createProjectBadgeAction': {
    fields: (set) => ({ projectId: set.projectId }),
  },
  'app/o/[org]/projects/[projectId]/servers/new/actions.ts#registerServerAction': {
    fields: (set) => ({
      projectId: set.projectId,
      name: 'fuzz server',
      url: mock.url,
      transport: 'http',
      headerName: ['X-Fuzz', ''],
      headerValue: ['value', ''],
    }),
  },
  'app/o/[org]/projects/[projectId]/suites/new/actions.ts#createSuiteAction': {
    fields: (set) => ({
      projectId: set.projectId,
      name: 'fuzz suite',
      serverId: set.serverId,
      yaml: SUITE_YAML,
      schedule: '0 * * * *',
      timezone: 'Europe/Paris',
    }),
  },
  'app/o/[org]/runs/[runId]/cancel-action.ts#cancelRunAction': { fields: (set) => ({ runId: set.runId }) },
  'app/o/[org]/runs/[runId]/rerun-action.ts#rerunAction': { fields: (set) => ({ runId: set.runId }) },
  'app/o/[org]/servers/[serverId]/actions.ts#connectionAction': {
    fields: (set) => ({ serverId: set.serverId, op: 'discover' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#updateServerAction': {
    fields: (set) => ({ serverId: set.serverId, name: 'renamed server', url: mock.url, transport: 'http' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#setServerHeaderAction': {
    fields: (set) => ({ serverId: set.serverId, headerName: 'X-Added', headerValue: 'value' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#removeServerHeaderAction': {
    fields: (set) => ({ serverId: set.serverId, headerName: 'X-Matrix' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#deleteServerAction': {
    // The fresh set's suite uses the server (a conflict); a server of its own can be deleted.
    fields: (set) => ({ serverId: set.serverId }),
  },
  // The mock server is not behind OAuth: reaching it and finding no OAuth there (400, no field named) is as far as a
  // connect goes here.
  'app/o/[org]/servers/[serverId]/actions.ts#connectServerAction': {
    fields: (set) => ({ serverId: set.serverId, mode: 'automatic' }),
    reached: (o) => o.kind === 'error' && o.code === 'bad_request' && o.fields.length === 0,
  },
  'app/o/[org]/servers/[serverId]/actions.ts#connectClientCredentialsAction': {
    fields: (set) => ({
      serverId: set.serverId,
      clientId: 'fuzz-client',
      clientSecret: 'fuzz-secret',
      scope: 'mcp:tools',
    }),
    reached: (o) => o.kind === 'error' && o.code === 'bad_request' && o.fields.length === 0,
  },
  'app/o/[org]/servers/[serverId]/actions.ts#disconnectServerAction': {
    // The set's server is given a connection first (below): the first accepted call removes it.
    fields: (set) => ({ serverId: set.serverId }),
  },
  'app/o/[org]/servers/[serverId]/conformance/actions.ts#runConformanceAction': {
    fields: (set) => ({ serverId: set.serverId, revision: '2026-07-28' }),
  },
  'app/o/[org]/servers/[serverId]/auth-posture/actions.ts#runAuthPostureAction': {
    fields: (set) => ({ serverId: set.serverId }),
  },
  'app/o/[org]/servers/[serverId]/monitor/actions.ts#updateMonitorAction': {
    fields: (set) => ({ serverId: set.serverId, enabled: 'on', intervalMinutes: '5' }),
  },
  'app/o/[org]/servers/[serverId]/surface/actions.ts#approveSurfaceAction': {
    fields: (set) => ({ serverId: set.serverId, hash: set.surfaceHash }),
  },
  'app/o/[org]/servers/[serverId]/surface/actions.ts#setSurfacePinAction': {
    fields: (set) => ({ projectId: set.projectId, surfacePin: 'warn' }),
  },
  'app/o/[org]/settings/actions.ts#updatePolicyAction': {
    fields: () => ({
      max_calls: '55',
      concurrency: '2',
      annotation_trust: 'cap',
      'overrides[0].tool': 'delete_*',
      'overrides[0].class': 'Destructive',
      mutating_words: 'deploy, publish',
    }),
  },
  'app/o/[org]/settings/tokens/actions.ts#createTokenAction': {
    fields: (set) => ({ name: 'fuzz token', scopes: 'read', projectId: set.projectId, expiresInDays: '30' }),
  },
  'app/o/[org]/settings/tokens/actions.ts#revokeTokenAction': { fields: (set) => ({ tokenId: set.tokenId }) },
  'app/o/[org]/settings/webhooks/actions.ts#createWebhookAction': {
    fields: (set) => ({ projectId: set.projectId, url: 'https://hooks.example.test/fuzz', events: 'run.failed' }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#updateWebhookAction': {
    fields: (set) => ({
      webhookId: set.webhookId,
      url: 'https://hooks.example.test/changed',
      events: ['run.failed', 'run.regressed'],
    }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#setWebhookEnabledAction': {
    fields: (set) => ({ webhookId: set.webhookId, enabled: 'false' }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#rotateWebhookSecretAction': {
    fields: (set) => ({ webhookId: set.webhookId }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#deleteWebhookAction': { fields: (set) => ({ webhookId: set.webhookId }) },
  'app/o/[org]/settings/webhooks/actions.ts#sendTestEventAction': {
    fields: (set) => ({ webhookId: set.webhookId }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#redeliverAction': {
    fields: (set) => ({ webhookId: set.webhookId, deliveryId: set.deliveryId }),
  },
  'app/o/[org]/suites/[suiteId]/edit/actions.ts#updateSuiteAction': {
    fields: (set) => ({
      suiteId: set.suiteId,
      baseVersion: '2',
      name: 'renamed suite',
      serverId: set.serverId,
      yaml: SUITE_YAML,
    }),
  },
  'app/o/[org]/suites/[suiteId]/run-now-action.ts#runSuiteNowAction': {
    fields: (set) => ({ suiteId: set.suiteId, branch: 'fuzz', commitSha: 'abc123' }),
  },
  'app/o/[org]/suites/[suiteId]/trigger-url-action.ts#createTriggerUrlAction': {
    fields: (set) => ({ suiteId: set.suiteId, github: 'on' }),
  },
  'app/o/[org]/suites/[suiteId]/enabled-action.ts#setSuiteEnabledAction': {
    fields: (set) => ({ suiteId: set.suiteId, enabled: 'false' }),
  },
  'app/o/[org]/suites/[suiteId]/schedule/actions.ts#saveScheduleAction': {
    fields: (set) => ({ suiteId: set.suiteId, schedule: '0 * * * *', timezone: 'UTC', scheduleEnabled: 'on' }),
  },
  'app/o/[org]/suites/[suiteId]/versions/actions.ts#restoreVersionAction': {
    fields: (set) => ({ suiteId: set.suiteId, version: '1' }),
  },
  'components/suites/live-actions.ts#checkSuiteYamlLive': {
    fields: () => ({ yaml: SUITE_YAML }),
    positional: ['yaml'],
  },
  'components/suites/live-actions.ts#previewScheduleLive': {
    fields: () => ({ cron: '0 * * * *', timezone: 'UTC' }),
    positional: ['cron', 'timezone'],
  },
  'components/suites/live-actions.ts#starterSuiteLive': {
    fields: (set) => ({ serverId: set.serverId, kind: 'example' }),
    positional: ['serverId', 'kind'],
  },
};

/** 'use server' modules that act before there is an organization (the action matrix lists why). */
const NOT_ORG_ACTIONS = new Set([
  'server/auth/sign-in-actions.ts',
  'app/orgs/actions.ts',
  'app/invite/[token]/actions.ts',
]);

const ACTION_MODULES = listServerActionModules().filter((module) => !NOT_ORG_ACTIONS.has(module.file));

/** Text a form field may carry that a person would not type: numbers in odd spellings and about 100 KB of text. */
const ODD_TEXT: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999',
  ' 7 ',
  'true',
  'on',
  'x'.repeat(100_000),
  '\u00e9'.repeat(50_000),
  'a\u0000'.repeat(50_000),
];

/** What the caller sees: success, a redirect or notFound() (thrown by Next's helpers), or an error state. */
type Outcome = { kind: 'ok' | 'redirect' | 'not_found' } | { kind: 'error'; code: string; fields: string[] };

/** The answer of an action: ActionState without its `null` (no action answers "nothing yet"). */
const ActionAnswer = z.union([
  z.object({ ok: z.literal(true), message: z.string().optional() }).loose(),
  z.strictObject({
    ok: z.literal(false),
    error: z.strictObject({
      code: z.string().min(1),
      message: z.string().min(1),
      fields: z.record(z.string(), z.string()),
      positions: z
        .array(
          z.object({ line: z.number(), column: z.number(), message: z.string(), path: z.string().optional() }).loose(),
        )
        .optional(),
    }),
  }),
]);

let deps: ServiceDeps;
let tenant: TenantFixture;
let stranger: TenantFixture;
let loggedErrors: MockInstance;
const functions = new Map<string, AnyFunction>();

function formOf(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return form;
}

/** Calls the action as `user` and reads its outcome; anything thrown besides Next's control flow fails the property. */
async function call(key: string, user: SessionUser, args: unknown[]): Promise<Outcome> {
  const fn = functions.get(key);
  if (!fn) throw new Error(`${key} was not loaded`);
  session.user = user;
  let answer: unknown;
  try {
    answer = await fn(...args);
  } catch (error) {
    const digest = String((error as { digest?: unknown } | null)?.digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return { kind: 'redirect' };
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')) return { kind: 'not_found' };
    throw error;
  } finally {
    session.user = null;
  }
  const parsed = ActionAnswer.safeParse(answer);
  expect(parsed.error, `${key} answered ${JSON.stringify(answer)?.slice(0, 400)}`).toBeUndefined();
  const state = parsed.data!;
  if (state.ok) return { kind: 'ok' };
  const { code, message, fields } = state.error;
  // A known code below 500: an internal error (or a backing service "unavailable") is the 500 of a form.
  expect(isErrorCode(code) && ERROR_STATUS[code] < 500, `${key}: ${code}: ${message}`).toBe(true);
  return { kind: 'error', code, fields: Object.keys(fields) };
}

/** One edit of a form that succeeds: what the fuzzer varies. */
type Edit =
  | { op: 'drop'; field: number }
  | { op: 'replace'; field: number; value: string }
  | { op: 'repeat'; field: number; value: string }
  | { op: 'taint'; field: number; with: string; at: 'start' | 'end' }
  | { op: 'extra'; name: string; value: string };

function applyEdits(valid: Fields, edits: readonly Edit[]): Fields {
  const fields: Fields = { ...valid };
  for (const edit of edits) {
    const names = Object.keys(fields);
    if (edit.op === 'extra') {
      // An own property, so that `__proto__` is a field name and not the prototype.
      Object.defineProperty(fields, edit.name, {
        value: edit.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    const name = names[edit.field % Math.max(names.length, 1)];
    if (name === undefined) continue;
    const current = [fields[name]!].flat();
    switch (edit.op) {
      case 'drop':
        delete fields[name];
        break;
      case 'replace':
        fields[name] = edit.value;
        break;
      case 'repeat':
        fields[name] = [...current, edit.value];
        break;
      case 'taint':
        fields[name] = current.map((v) => (edit.at === 'start' ? `${edit.with}${v}` : `${v}${edit.with}`));
        break;
    }
  }
  return fields;
}

/** Arbitrary form text: hostile strings, odd numbers, huge text, any code units, and the ids of things. */
function textFor(set: ResourceSet): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS, ...ODD_TEXT),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    // Ids of this organization's other things, another organization's, and of nothing.
    fc.constantFrom(...idsOf(set), ...idsOf(stranger), tenant.users.OWNER.userId, ghostId()),
  );
}

/** A value that succeeds with text the database cannot store (or a space, or a digit) before or after it. */
function taint(valid: string | string[] | undefined): fc.Arbitrary<string> {
  const text = [valid ?? ''].flat().join('');
  return fc
    .tuple(fc.constantFrom('\u0000', '\ud800', '\udfff', ' ', '\u202e', '\r\n', '0'), fc.boolean())
    .map(([bad, before]) => (before ? `${bad}${text}` : `${text}${bad}`));
}

/** The organization a form names: mostly the caller's, else absent, repeated, another's, or hostile text. */
function orgFor(): fc.Arbitrary<string | string[] | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(tenant.slug), weight: 12 },
    { arbitrary: fc.constant(tenant.tenantId), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constant<string[]>([tenant.slug, tenant.slug]), weight: 1 },
    { arbitrary: fc.constant(stranger.slug), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 },
  );
}

function editsFor(set: ResourceSet): fc.Arbitrary<Edit[]> {
  const text = textFor(set);
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({ op: fc.constant('drop' as const), field: fc.nat() }),
    fc.record({ op: fc.constant('replace' as const), field: fc.nat(), value: text }),
    fc.record({ op: fc.constant('repeat' as const), field: fc.nat(), value: text }),
    fc.record({
      op: fc.constant('taint' as const),
      field: fc.nat(),
      with: fc.constantFrom('\u0000', '\ud800', '\udfff', ' ', '\u202e', '\r\n', '0'),
      at: fc.constantFrom('start' as const, 'end' as const),
    }),
    fc.record({
      op: fc.constant('extra' as const),
      name: fc.oneof(
        fc.constantFrom(...HOSTILE_KEYS, '$ACTION_ID_x', 'overrides[9].tool'),
        fc.string({ maxLength: 8 }),
      ),
      value: text,
    }),
  );
  // No edit at all a third of the time, so the fuzzer gets past validation into the services.
  return fc.oneof(
    fc.constant<Edit[]>([]),
    fc.array(edit, { minLength: 1, maxLength: 3 }),
    fc.array(edit, { maxLength: 1 }),
  );
}

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  vi.stubEnv('MCPTEST_PLAN_LIMITS', JSON.stringify({ FREE: { maxQueuedRuns: 1_000_000 } }));
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  const { getLogger } = await import('../../apps/web/src/server/logger');
  deps = getServiceDeps();
  // An unexpected error is logged by toActionError before it becomes the form's internal error.
  loggedErrors = vi.spyOn(getLogger('silent'), 'error');
  for (const module of ACTION_MODULES) {
    const loaded = (await import(/* @vite-ignore */ module.absolute)) as Record<string, AnyFunction>;
    for (const name of module.actions) functions.set(`${module.file}#${name}`, loaded[name]!);
  }
  [tenant, stranger] = await Promise.all([
    seedTenant(deps, { name: 'Fuzz', marker: 'fuzz', serverUrl: mock.url }),
    seedTenant(deps, { name: 'Stranger', marker: 'stranger', serverUrl: mock.url }),
  ]);
});

describe('the fuzz covers every server action', () => {
  it('has a case for every action that takes an organization, and none for one that is gone', () => {
    const found = ACTION_MODULES.flatMap((m) => m.actions.map((name) => `${m.file}#${name}`));
    expect(found.filter((key) => !(key in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !found.includes(key))).toEqual([]);
    expect(found.length).toBeGreaterThanOrEqual(30);
  });
});

describe.each(Object.entries(CASES))('%s', (key, c) => {
  let set: ResourceSet;
  let owner: SessionUser;

  beforeAll(async () => {
    // Fresh things to act on, and an OWNER of their own (leaving or a role change touches only them).
    set = await seedResources(deps, tenant.tenantId, {
      marker: `fuzz-${randomBytes(3).toString('hex')}`,
      serverUrl: mock.url,
    });
    if (key.endsWith('#deleteServerAction')) {
      await deps.db.tenant(tenant.tenantId).suite.deleteMany({ where: { id: set.suiteId } });
    }
    if (key.endsWith('#disconnectServerAction')) await seedServerAuthorization(deps, tenant.tenantId, set.serverId);
    owner = await addMember(testDb.db, tenant.tenantId, 'OWNER');
  });

  it(
    'never throws but for redirect/notFound, answers ok or a known error below 500, and accepts some inputs',
    async () => {
      const outcomes: Outcome[] = [];
      const valid = c.fields(set);
      loggedErrors.mockClear();
      const positional = c.positional;
      if (positional) {
        // The editors send strings, but a hand-made call may send any value React's reply encoding carries.
        const arg = (valid: string | string[] | undefined) =>
          fc.oneof(
            { arbitrary: fc.constant(valid), weight: 6 },
            { arbitrary: taint(valid), weight: 2 },
            { arbitrary: textFor(set), weight: 2 },
            { arbitrary: fc.constant(undefined), weight: 1 },
            { arbitrary: hostileJson, weight: 1 },
          );
        const args = fc.tuple(arg(tenant.slug), ...positional.map((name) => arg(valid[name])));
        await fc.assert(
          fc.asyncProperty(args, async (values) => {
            const outcome = await call(key, owner, values);
            outcomes.push(outcome);
            // An argument that is not text, or holds a NUL or a lone surrogate, is refused naming it (`kind` only
            // picks one of two suites, whatever it holds).
            const names = ['org', ...positional];
            const bad = names.filter(
              (name, i) =>
                name !== 'kind' &&
                (typeof values[i] !== 'string' ||
                  (values[i] as string).includes('\u0000') ||
                  new TextDecoder().decode(new TextEncoder().encode(values[i] as string)) !== values[i]),
            );
            if (bad.length > 0) {
              expect(outcome, JSON.stringify(bad)).toMatchObject({ kind: 'error', code: 'validation_failed' });
              expect(bad).toContain((outcome as { fields: string[] }).fields[0]);
            }
          }),
          fuzzRuns(30),
        );
      } else {
        await fc.assert(
          fc.asyncProperty(orgFor(), editsFor(set), async (org, edits) => {
            const fields = applyEdits(valid, edits);
            const form = formOf(org === undefined ? fields : { org, ...fields });
            const outcome = await call(key, owner, [null, form]);
            outcomes.push(outcome);
            // A NUL anywhere in the form (React's own `$ACTION` keys aside) is refused naming a field that holds one.
            const withNul = [...form.entries()]
              .filter(([name, value]) => !name.startsWith('$ACTION') && `${name}${String(value)}`.includes('\u0000'))
              .map(([name]) => name);
            if (withNul.length > 0) {
              expect(outcome, JSON.stringify(withNul)).toMatchObject({ kind: 'error', code: 'validation_failed' });
              const named = (outcome as { fields: string[] }).fields;
              expect(
                named.some((field) => withNul.includes(field)),
                JSON.stringify({ named, withNul }),
              ).toBe(true);
            }
          }),
          fuzzRuns(15),
        );
      }
      expect(loggedErrors.mock.calls.map((args) => JSON.stringify(args).slice(0, 300))).toEqual([]);
      // The generated inputs reach the services, not only the checks in front of them.
      expect(
        outcomes.some((o) => o.kind === 'ok' || o.kind === 'redirect' || c.reached?.(o) === true),
        outcomes.map((o) => (o.kind === 'error' ? o.code : o.kind)).join(' '),
      ).toBe(true);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

describe('the form actions called with something else than a form', () => {
  it(
    'answer bad_request to any value in place of the FormData (a hand-made request can send one), never throw',
    async () => {
      const owner = await addMember(testDb.db, tenant.tenantId, 'OWNER');
      const formActions = Object.keys(CASES).filter((key) => !CASES[key]!.positional);
      loggedErrors.mockClear();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...formActions),
          fc.oneof(hostileJson, fc.constant(undefined), fc.constant(new Map([['org', tenant.slug]]))),
          async (key, notAForm) => {
            const outcome = await call(key, owner, [hostileJson, notAForm]);
            expect(outcome, key).toEqual({ kind: 'error', code: 'bad_request', fields: [] });
          },
        ),
        fuzzRuns(30),
      );
      expect(loggedErrors.mock.calls).toEqual([]);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
