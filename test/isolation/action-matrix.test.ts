// The tenant isolation matrix of the web UI: every server action (each exported function of a 'use server' module
// under apps/web/src) and every session-authenticated route handler outside /api. The list is read from the source
// tree, so a new action or route without a case here fails the inventory test by name. Each is called in process
// with real Postgres and Redis. The seams: the session lookup (whom the request is from) and next/cache's
// revalidatePath (it needs Next's request context) are mocked; next/navigation's redirect() and notFound() are real
// and throw, and their digests are read as outcomes.
//
// The rule: an organization one is not a member of, and another organization's things named from one's own, must
// look unknown: the answer is the one for a name that exists nowhere (not_found; forbidden first when one's role in
// one's own organization is too low, which does not depend on the name). Nothing of the other organization changes.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LEAST_ROLE, roleFor, type Operation } from '../../apps/web/src/server/services/permissions';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { useRouteEnv } from '../route-env';
import { useWorkerMock } from '../worker';
import { listInlineServerActions, listRouteFiles, listServerActionModules } from './inventory';
import {
  addMember,
  diffSnapshots,
  ghostId,
  idsOf,
  ROLE_RANK,
  ROLES,
  seedResources,
  seedServerAuthorization,
  seedTenant,
  snapshotTenant,
  SUITE_YAML,
  withGhostIds,
  type ResourceSet,
  type RoleName,
  type TenantFixture,
} from './tenant-fixture';

interface SessionUser {
  userId: string;
  email: string | null;
}

// Whom each call is from: per async context, so calls of different users can run at the same time.
const sessions = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return new AsyncLocalStorage<SessionUser | null>();
});
vi.mock('../../apps/web/src/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve(sessions.getStore() ?? null),
  sessionActor: () => sessions.getStore() ?? null,
}));
// revalidatePath needs the request store of a Next render; there is none here and nothing to revalidate.
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);
const mock = useWorkerMock();

const ACTION_MODULES = listServerActionModules();
/**
 * Route handlers outside /api that are not an organization's, with why. The inventory test fails on a route in neither
 * table, and on an entry here whose file is gone.
 */
const NOT_ORG_ROUTES: Record<string, string> = {
  'app/oauth/callback/route.ts':
    "the OAuth callback: the flow its `state` names must be the signed-in user's (sealed to that user and tenant), then membership and role are checked again (server-authorization/complete-server-connect.test.ts)",
  'app/oauth/client-metadata.json/route.ts': "mcptest's public Client ID Metadata Document: the same for everyone",
};

const SESSION_ROUTES = listRouteFiles().filter(
  (route) => !route.file.startsWith('app/api/') && !(route.file in NOT_ORG_ROUTES),
);

type Fields = Record<string, string | string[]>;
type AnyFunction = (...args: unknown[]) => Promise<unknown>;

/** What the caller sees: success, a redirect (also success), an error state or error response, or notFound(). */
type Outcome =
  { kind: 'ok'; data?: unknown } | { kind: 'redirect'; to: string } | { kind: 'error'; code: string; message: string };

interface Case {
  /** The least role that may do it. */
  role: RoleName;
  /**
   * What it does in the one table of permissions (services/permissions.ts), for actions made with orgAction. When the
   * REST API does the same operation, the endpoint's scope must stand for the same role (checked below).
   */
  operation?: Operation;
  /** The fields (form fields, or the named arguments of `invoke`) for a set of resources. */
  fields: (set: ResourceSet) => Fields;
  /** How to call it with an organization and the fields; default: `(previousState, FormData)`. */
  invoke?: (fn: AnyFunction, org: string, fields: Fields) => Promise<unknown>;
  /** Run on the fresh resources before the call that must succeed. */
  prepare?: (deps: ServiceDeps, set: ResourceSet) => Promise<void>;
  /** Beyond ok or a redirect, what success looks like. */
  succeeded?: (outcome: Outcome) => boolean;
  /** Reads only: the call that must succeed uses the shared resources. */
  readOnly?: boolean;
}

const SCHEDULE = '0 * * * *';
const freshEmail = () => `invitee-${ghostId()}@example.test`;

/** The server actions, by `file#export` (file relative to apps/web/src). */
const ACTION_CASES: Record<string, Case> = {
  'app/o/[org]/actions.ts#createProjectAction': {
    operation: 'createProject',
    role: 'MEMBER',
    fields: () => ({ name: 'matrix project' }),
  },
  'app/o/[org]/members/actions.ts#inviteMemberAction': {
    operation: 'inviteMember',
    role: 'ADMIN',
    fields: () => ({ email: freshEmail(), role: 'MEMBER' }),
  },
  'app/o/[org]/members/actions.ts#changeRoleAction': {
    operation: 'changeMemberRole',
    role: 'ADMIN',
    fields: (set) => ({ userId: set.memberUserId, role: 'VIEWER' }),
  },
  'app/o/[org]/members/actions.ts#removeMemberAction': {
    operation: 'removeMember',
    role: 'ADMIN',
    fields: (set) => ({ userId: set.memberUserId }),
  },
  'app/o/[org]/members/actions.ts#leaveOrganizationAction': {
    operation: 'leaveOrganization',
    role: 'VIEWER',
    fields: () => ({}),
  },
  'app/o/[org]/members/actions.ts#revokeInvitationAction': {
    operation: 'revokeInvitation',
    role: 'ADMIN',
    fields: (set) => ({ invitationId: set.invitationId }),
  },
  'app/o/[org]/projects/[projectId]/actions.ts#renameProjectAction': {
    operation: 'updateProject',
    role: 'MEMBER',
    fields: (set) => ({ projectId: set.projectId, name: 'renamed project' }),
  },
  'app/o/[org]/projects/[projectId]/actions.ts#deleteProjectAction': {
    operation: 'deleteProject',
    role: 'ADMIN',
    fields: (set) => ({ projectId: set.projectId, confirm: set.projectName }),
  },
  'app/o/[org]/projects/[projectId]/actions.ts#createProjectBadgeAction': {
    operation: 'getProjectBadge',
    role: 'VIEWER',
    fields: (set) => ({ projectId: set.projectId }),
  },
  'app/o/[org]/projects/[projectId]/servers/new/actions.ts#registerServerAction': {
    operation: 'createServer',
    role: 'MEMBER',
    fields: (set) => ({ projectId: set.projectId, name: 'matrix server', url: mock.url, transport: 'http' }),
  },
  'app/o/[org]/projects/[projectId]/suites/new/actions.ts#createSuiteAction': {
    operation: 'createSuite',
    role: 'MEMBER',
    fields: (set) => ({ projectId: set.projectId, name: 'matrix suite', serverId: set.serverId, yaml: SUITE_YAML }),
  },
  'app/o/[org]/runs/[runId]/cancel-action.ts#cancelRunAction': {
    operation: 'cancelRun',
    role: 'MEMBER',
    fields: (set) => ({ runId: set.runId }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#connectionAction': {
    operation: 'discoverServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, op: 'discover' }),
    // A server that cannot be reached is an ok state with a failure inside.
    succeeded: (outcome) => outcome.kind === 'ok' && (outcome.data as { kind?: string }).kind === 'discovered',
  },
  'app/o/[org]/servers/[serverId]/actions.ts#connectServerAction': {
    operation: 'connectServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, mode: 'automatic' }),
    // The mock server is not behind OAuth: getting that far (the server reached, no OAuth found) is the success.
    succeeded: (outcome) => outcome.kind === 'error' && /^OAuth connect failed/.test(outcome.message),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#connectClientCredentialsAction': {
    operation: 'connectServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, clientId: 'matrix-client', clientSecret: 'matrix-secret' }),
    succeeded: (outcome) => outcome.kind === 'error' && /^OAuth connect failed/.test(outcome.message),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#disconnectServerAction': {
    operation: 'disconnectServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId }),
    prepare: (deps, set) => seedServerAuthorization(deps, set.tenantId, set.serverId),
  },
  'app/o/[org]/servers/[serverId]/conformance/actions.ts#runConformanceAction': {
    operation: 'runConformance',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, revision: '2026-07-28' }),
  },
  'app/o/[org]/servers/[serverId]/auth-posture/actions.ts#runAuthPostureAction': {
    operation: 'runAuthPosture',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId }),
  },
  'app/o/[org]/servers/[serverId]/monitor/actions.ts#updateMonitorAction': {
    operation: 'updateServerMonitor',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, enabled: 'on', intervalMinutes: '5' }),
  },
  'app/o/[org]/servers/[serverId]/surface/actions.ts#approveSurfaceAction': {
    operation: 'approveServerSurface',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, hash: set.surfaceHash }),
  },
  'app/o/[org]/servers/[serverId]/surface/actions.ts#setSurfacePinAction': {
    operation: 'updateProject',
    role: 'MEMBER',
    fields: (set) => ({ projectId: set.projectId, surfacePin: 'fail' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#updateServerAction': {
    operation: 'updateServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, name: 'renamed server', url: mock.url, transport: 'http' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#setServerHeaderAction': {
    operation: 'updateServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, headerName: 'X-Added', headerValue: 'value' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#removeServerHeaderAction': {
    operation: 'updateServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, headerName: 'X-Matrix' }),
  },
  'app/o/[org]/servers/[serverId]/actions.ts#deleteServerAction': {
    operation: 'deleteServer',
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId }),
    // A server in use by a suite is a conflict; the call that must succeed deletes one nothing uses.
    prepare: async (deps, set) => {
      await deps.db.tenant(set.tenantId).suite.deleteMany({ where: { id: set.suiteId } });
    },
  },
  'app/o/[org]/settings/actions.ts#updatePolicyAction': {
    operation: 'updatePolicy',
    role: 'ADMIN',
    fields: () => ({ max_calls: '55' }),
  },
  'app/o/[org]/settings/tokens/actions.ts#createTokenAction': {
    operation: 'createToken',
    role: 'ADMIN',
    fields: (set) => ({ name: 'matrix token', scopes: 'read', projectId: set.projectId }),
  },
  'app/o/[org]/settings/tokens/actions.ts#revokeTokenAction': {
    operation: 'revokeToken',
    role: 'ADMIN',
    fields: (set) => ({ tokenId: set.tokenId }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#createWebhookAction': {
    operation: 'createWebhook',
    role: 'ADMIN',
    fields: (set) => ({ projectId: set.projectId, url: 'https://hooks.example.test/matrix', events: 'run.failed' }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#updateWebhookAction': {
    operation: 'updateWebhook',
    role: 'ADMIN',
    fields: (set) => ({
      webhookId: set.webhookId,
      url: 'https://hooks.example.test/changed',
      events: ['run.failed', 'run.regressed'],
    }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#setWebhookEnabledAction': {
    operation: 'updateWebhook',
    role: 'ADMIN',
    fields: (set) => ({ webhookId: set.webhookId, enabled: 'false' }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#rotateWebhookSecretAction': {
    operation: 'rotateWebhookSecret',
    role: 'ADMIN',
    fields: (set) => ({ webhookId: set.webhookId }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#deleteWebhookAction': {
    operation: 'deleteWebhook',
    role: 'ADMIN',
    fields: (set) => ({ webhookId: set.webhookId }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#redeliverAction': {
    operation: 'redeliverWebhookDelivery',
    role: 'ADMIN',
    fields: (set) => ({ webhookId: set.webhookId, deliveryId: set.deliveryId }),
  },
  'app/o/[org]/settings/webhooks/actions.ts#sendTestEventAction': {
    operation: 'sendWebhookTestEvent',
    role: 'ADMIN',
    fields: (set) => ({ webhookId: set.webhookId }),
  },
  'app/o/[org]/suites/[suiteId]/edit/actions.ts#updateSuiteAction': {
    operation: 'updateSuite',
    role: 'MEMBER',
    fields: (set) => ({
      suiteId: set.suiteId,
      baseVersion: '2',
      name: 'renamed suite',
      serverId: set.serverId,
      yaml: SUITE_YAML,
    }),
  },
  'app/o/[org]/runs/[runId]/rerun-action.ts#rerunAction': {
    operation: 'triggerRun',
    role: 'MEMBER',
    fields: (set) => ({ runId: set.runId }),
  },
  'app/o/[org]/suites/[suiteId]/run-now-action.ts#runSuiteNowAction': {
    operation: 'triggerRun',
    role: 'MEMBER',
    fields: (set) => ({ suiteId: set.suiteId, branch: 'matrix' }),
  },
  'app/o/[org]/suites/[suiteId]/trigger-url-action.ts#createTriggerUrlAction': {
    operation: 'createTriggerUrl',
    role: 'ADMIN',
    fields: (set) => ({ suiteId: set.suiteId, github: 'on' }),
  },
  'app/o/[org]/suites/[suiteId]/enabled-action.ts#setSuiteEnabledAction': {
    operation: 'updateSuite',
    role: 'MEMBER',
    fields: (set) => ({ suiteId: set.suiteId, enabled: 'false' }),
  },
  'app/o/[org]/suites/[suiteId]/schedule/actions.ts#saveScheduleAction': {
    operation: 'updateSuite',
    role: 'MEMBER',
    fields: (set) => ({ suiteId: set.suiteId, schedule: SCHEDULE, timezone: 'UTC', scheduleEnabled: 'on' }),
  },
  'app/o/[org]/suites/[suiteId]/versions/actions.ts#restoreVersionAction': {
    operation: 'updateSuite',
    role: 'MEMBER',
    fields: (set) => ({ suiteId: set.suiteId, version: '1' }),
  },
  'components/suites/live-actions.ts#checkSuiteYamlLive': {
    role: 'VIEWER',
    fields: () => ({ yaml: SUITE_YAML }),
    invoke: (fn, org, f) => fn(org, f.yaml),
    readOnly: true,
  },
  'components/suites/live-actions.ts#previewScheduleLive': {
    role: 'VIEWER',
    fields: () => ({ cron: SCHEDULE, timezone: 'UTC' }),
    invoke: (fn, org, f) => fn(org, f.cron, f.timezone),
    readOnly: true,
  },
  'components/suites/live-actions.ts#starterSuiteLive': {
    role: 'MEMBER',
    fields: (set) => ({ serverId: set.serverId, kind: 'example' }),
    invoke: (fn, org, f) => fn(org, f.serverId, f.kind),
    readOnly: true,
  },
};

/**
 * 'use server' modules outside the matrix, with why: they act before there is a membership to check. The inventory
 * test fails on a module that is in neither table, and on an entry here whose file is gone.
 */
const NOT_ORG_ACTIONS: Record<string, string> = {
  'server/auth/sign-in-actions.ts': 'sign-in and sign-out through Auth.js: no organization yet',
  'app/orgs/actions.ts': 'creates a new organization owned by the signed-in user: no existing organization is touched',
  'app/invite/[token]/actions.ts':
    'accepting an invitation: the secret token from the email and the invited address authorize it, not a membership (server/orgs/create-invitation.test.ts)',
};

/** Session-authenticated route handlers outside /api, by `file#METHOD`: path parameters besides `org`. */
const ROUTE_CASES: Record<string, Case> = Object.fromEntries(
  [
    ['app/o/[org]/runs/[runId]/events/route.ts#GET', (set: ResourceSet) => ({ runId: set.runId })],
    ['app/o/[org]/runs/[runId]/junit.xml/route.ts#GET', (set: ResourceSet) => ({ runId: set.runId })],
    ['app/o/[org]/runs/[runId]/report.md/route.ts#GET', (set: ResourceSet) => ({ runId: set.runId })],
    [
      'app/o/[org]/runs/[runId]/results/[resultId]/transcript/route.ts#GET',
      (set: ResourceSet) => ({ runId: set.runId, resultId: set.resultId }),
    ],
  ].map(([key, fields]) => [key, { role: 'VIEWER', fields, readOnly: true } as Case]),
);

let deps: ServiceDeps;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
const functions = new Map<string, AnyFunction>();

function formOf(org: string, fields: Fields): FormData {
  const form = new FormData();
  form.append('org', org);
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return form;
}

/** Route handlers answer a Response: its status and the API's error body become an outcome. */
async function fromResponse(response: Response): Promise<Outcome> {
  if (response.status < 300) {
    await response.body?.cancel();
    return { kind: 'ok' };
  }
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { kind: 'error', code: body.error.code, message: body.error.message };
}

async function run(key: string, c: Case, user: SessionUser | null, org: string, fields: Fields): Promise<Outcome> {
  const fn = functions.get(key);
  if (!fn) throw new Error(`${key} was not loaded`);
  // Route handlers (`…/route.ts#GET`) take a Request and the path parameters; actions their form or arguments.
  const route = /\/route\.tsx?#([A-Z]+)$/.exec(key);
  try {
    const result = await sessions.run(user, () =>
      route
        ? fn(new Request(`http://localhost/o/${org}/...`, { method: route[1] ?? 'GET' }), {
            params: Promise.resolve({ org, ...fields }),
          })
        : c.invoke
          ? c.invoke(fn, org, fields)
          : fn(null, formOf(org, fields)),
    );
    if (result instanceof Response) return fromResponse(result);
    const state = result as { ok: boolean; data?: unknown; error?: { code: string; message: string } } | null;
    if (state?.ok) return { kind: 'ok', data: state.data };
    return { kind: 'error', code: state?.error?.code ?? 'none', message: state?.error?.message ?? '' };
  } catch (error) {
    // redirect() and notFound() throw errors whose digest says what they are.
    const digest = String((error as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return { kind: 'redirect', to: digest.split(';')[2] ?? '' };
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')) return { kind: 'error', code: 'not_found', message: '' };
    throw error;
  }
}

/** What tells two outcomes apart. */
const show = (o: Outcome) => (o.kind === 'error' ? `${o.code}: ${o.message}` : o.kind);

/** Fields whose value names one of the set's resources. */
function refFields(fields: Fields, set: ResourceSet): string[] {
  const ids = new Set(idsOf(set));
  return Object.keys(fields).filter((name) => [fields[name]!].flat().some((v) => ids.has(v)));
}

/** The outcome's text (data or message) must not carry the other tenant's ids or marker unless the call sent them. */
function leaked(outcome: Outcome, secrets: readonly string[], sent: Fields): string[] {
  const text = JSON.stringify(outcome);
  const sentText = JSON.stringify(sent);
  return secrets.filter((s) => !sentText.includes(s) && text.includes(s));
}

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  deps = getServiceDeps();
  for (const module of ACTION_MODULES) {
    if (module.file in NOT_ORG_ACTIONS) continue;
    const loaded = (await import(/* @vite-ignore */ module.absolute)) as Record<string, AnyFunction>;
    for (const name of module.actions) functions.set(`${module.file}#${name}`, loaded[name]!);
  }
  for (const route of SESSION_ROUTES) {
    const loaded = (await import(/* @vite-ignore */ route.absolute)) as Record<string, AnyFunction>;
    for (const method of route.methods) functions.set(`${route.file}#${method}`, loaded[method]!);
  }
  [tenantA, tenantB] = await Promise.all([
    seedTenant(deps, { name: 'Actions A', marker: 'tenant-a-secret', serverUrl: mock.url }),
    seedTenant(deps, { name: 'Actions B', marker: 'tenant-b-secret', serverUrl: mock.url }),
  ]);
});

const ALL_CASES: [string, Case][] = [...Object.entries(ACTION_CASES), ...Object.entries(ROUTE_CASES)];

describe('UI inventory', () => {
  it('has a case for every server action and every session route outside /api, and none for one that is gone', () => {
    const found = [
      ...ACTION_MODULES.filter((m) => !(m.file in NOT_ORG_ACTIONS)).flatMap((m) =>
        m.actions.map((name) => `${m.file}#${name}`),
      ),
      ...SESSION_ROUTES.flatMap((route) => route.methods.map((method) => `${route.file}#${method}`)),
    ];
    const cases = new Set(ALL_CASES.map(([key]) => key));
    expect(
      found.filter((key) => !cases.has(key)),
      'server actions or session routes without an isolation case',
    ).toEqual([]);
    expect(
      [...cases].filter((key) => !found.includes(key)),
      'cases whose action or route is gone',
    ).toEqual([]);
    expect(
      Object.keys(NOT_ORG_ACTIONS).filter((file) => !ACTION_MODULES.some((m) => m.file === file)),
      'NOT_ORG_ACTIONS entries whose file is gone',
    ).toEqual([]);
    expect(
      Object.keys(NOT_ORG_ROUTES).filter((file) => !listRouteFiles().some((route) => route.file === file)),
      'NOT_ORG_ROUTES entries whose file is gone',
    ).toEqual([]);
    // Found by reading the tree: if this drops, the scan is broken, not the app.
    expect(found.length).toBeGreaterThanOrEqual(30);
  });

  it('finds no server action declared inline (they would escape the matrix: declare them in a use-server module)', () => {
    expect(listInlineServerActions()).toEqual([]);
  });
});

describe('UI role = API scope (services/permissions.ts)', () => {
  it('every action made with orgAction names its operation', () => {
    const withoutOperation = Object.entries(ACTION_CASES)
      .filter(([key, c]) => !key.startsWith('components/suites/live-actions.ts#') && !c.operation)
      .map(([key]) => key);
    expect(withoutOperation).toEqual([]);
  });

  it("each action's least role (proved by the cases below) is the role of the API scope of the same operation", async () => {
    // The registry as declared: endpoint modules only hold schemas.
    const { declaredEndpoints } = await import('../../apps/web/src/server/api/endpoints/index');
    const scopes = new Map(declaredEndpoints().map((endpoint) => [endpoint.operationId, endpoint.scope]));
    const disagreements = ALL_CASES.flatMap(([key, c]) => {
      if (!c.operation) return [];
      const scope = scopes.get(c.operation);
      const role = scope ? LEAST_ROLE[scope] : roleFor(c.operation);
      return role === c.role
        ? []
        : [
            `${key} (${c.operation}): the UI needs ${c.role}, ${scope ? `the API's ${scope} scope stands for` : 'the table says'} ${role}`,
          ];
    });
    expect(disagreements).toEqual([]);
    // Not vacuous: most actions are also API operations.
    expect(ALL_CASES.filter(([, c]) => c.operation && scopes.has(c.operation)).length).toBeGreaterThanOrEqual(20);
  });
});

describe.each(ALL_CASES.map(([key, c]) => ({ key, c, name: key })))('$name', ({ key, c }) => {
  it('signed out: refused', async () => {
    const outcome = await run(key, c, null, tenantA.slug, c.fields(tenantA));
    // orgAction and the live checks answer unauthorized; the session routes 401 (code unauthorized).
    expect(show(outcome)).toMatch(/^unauthorized/);
  });

  it(`B's members of every role and A's below ${c.role}: nothing found, nothing of A changes`, async () => {
    const before = await snapshotTenant(testDb.db, tenantA.tenantId);
    const secrets = [...idsOf(tenantA), tenantA.marker];
    const fieldsA = c.fields(tenantA);
    const refs = refFields(fieldsA, tenantA);
    interface Attempt {
      what: string;
      user: SessionUser;
      org: string;
      fields: Fields;
      /** The same call naming things that exist nowhere: the answer must be the same. */
      ghost?: { org: string; fields: Fields };
      /** `refused`: any error (a form naming one thing of another organization beside one's own). */
      expected: 'not_found' | 'forbidden' | 'refused';
    }
    const attempts: Attempt[] = [];
    for (const role of ROLES) {
      const user = tenantB.users[role];
      // A's organization: B's members are not members there, whatever their role in B. By id as well as by slug
      // (withRole takes either) for the highest role.
      attempts.push({
        what: `B's ${role}, org A by slug`,
        user,
        org: tenantA.slug,
        fields: fieldsA,
        ghost: { org: 'no-such-org', fields: fieldsA },
        expected: 'not_found',
      });
      if (role === 'OWNER') {
        attempts.push({
          what: `B's ${role}, org A by id`,
          user,
          org: tenantA.tenantId,
          fields: fieldsA,
          ghost: { org: ghostId(), fields: fieldsA },
          expected: 'not_found',
        });
      }
      if (refs.length === 0) continue;
      // Their own organization, with A's things named in the form. Below the action's role, the role check answers
      // before any name is looked up; at or above it, all of A's names, then each beside B's own.
      const enough = ROLE_RANK[role] >= ROLE_RANK[c.role];
      const own = (what: string, fields: Fields, expected: Attempt['expected']) =>
        attempts.push({
          what: `B's ${role}, org B, ${what}`,
          user,
          org: tenantB.slug,
          fields,
          ghost: { org: tenantB.slug, fields: withGhostIds(fields, idsOf(tenantA)) },
          expected: enough ? expected : 'forbidden',
        });
      own(`A's ${refs.join('+')}`, fieldsA, 'not_found');
      if (enough && refs.length > 1) {
        for (const ref of refs) own(`A's ${ref} only`, { ...c.fields(tenantB), [ref]: fieldsA[ref]! }, 'refused');
      }
    }
    for (const role of ROLES.filter((r) => ROLE_RANK[r] < ROLE_RANK[c.role])) {
      attempts.push({
        what: `A's ${role}`,
        user: tenantA.users[role],
        org: tenantA.slug,
        fields: fieldsA,
        expected: 'forbidden',
      });
    }

    const needsRole = new RegExp(`^forbidden: this needs the ${c.role} role`);
    // Independent calls, made together to keep the matrix fast (each with its ghost after it), checked in order.
    const outcomes = await Promise.all(
      attempts.map(async (a) => {
        const real = await run(key, c, a.user, a.org, a.fields);
        const ghost = a.ghost ? await run(key, c, a.user, a.ghost.org, a.ghost.fields) : undefined;
        return { real, ghost };
      }),
    );
    attempts.forEach((a, index) => {
      const { real, ghost } = outcomes[index]!;
      if (ghost) expect(show(real), `${a.what}: the same answer as for names that exist nowhere`).toBe(show(ghost));
      if (a.expected === 'not_found') expect(show(real), a.what).toMatch(/^not_found/);
      else if (a.expected === 'forbidden') expect(show(real), a.what).toMatch(needsRole);
      else expect(real.kind, a.what).toBe('error');
      expect(leaked(real, secrets, a.fields), `${a.what}: A's ids or names in the answer`).toEqual([]);
    });
    expect(diffSnapshots(before, await snapshotTenant(testDb.db, tenantA.tenantId))).toEqual([]);
  });

  it(`A's ${c.role} succeeds (the checks above can fail)`, async () => {
    const set = c.readOnly
      ? tenantA
      : await seedResources(deps, tenantA.tenantId, { marker: tenantA.marker, serverUrl: mock.url });
    await c.prepare?.(deps, set);
    // A member of exactly the least role, of their own (leaving, role changes and removals touch only them).
    const user = await addMember(testDb.db, tenantA.tenantId, c.role);
    const outcome = await run(key, c, user, tenantA.slug, c.fields(set));
    const ok = c.succeeded ? c.succeeded(outcome) : outcome.kind !== 'error';
    expect(ok, JSON.stringify(outcome).slice(0, 400)).toBe(true);
  });
});
