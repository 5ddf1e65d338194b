// Tenants for the isolation matrices: one of every resource, members of every role, API tokens of every scope, and a
// snapshot of everything a tenant owns (to prove a refused request changed nothing).
import { randomBytes } from 'node:crypto';
import {
  createTenant,
  generateApiToken,
  hashToken,
  recordSurface,
  saveServerAuthorization,
  seedRun,
  TENANT_MODELS,
  type Database,
} from '@mcptest/db';
import type { ServerSurface } from '@mcptest/core';
import { hashSurface } from '@mcptest/mcp';
import type { Scope } from '../../apps/web/src/server/api/authenticate';
import { ROLES, type RoleName } from '../../apps/web/src/server/orgs/org-schemas';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';

export { ROLES, ROLE_RANK, type RoleName } from '../../apps/web/src/server/orgs/org-schemas';
export type { Scope } from '../../apps/web/src/server/api/authenticate';
import { PERMISSIONS, PERMISSION_RANK } from '../../apps/web/src/server/services/permissions';

/** The token scopes, lowest first: the permission levels the UI's roles use too. */
export const SCOPES: readonly Scope[] = PERMISSIONS;
export const SCOPE_RANK: Record<Scope, number> = PERMISSION_RANK;
const DB_SCOPE = { read: 'READ', run: 'RUN', write: 'WRITE', admin: 'ADMIN' } as const;

/** A suite the mock server of test/worker.ts can run (its `search` tool). */
export const SUITE_YAML =
  'assertions:\n  - name: search\n    assert: { tool: search, args: { q: x }, expect: { not_error: true } }\n';
const SUITE_YAML_V2 = SUITE_YAML.replace('name: search', 'name: search again');

/** One of every resource of a tenant, in one project (`projectId`), plus an empty second project. */
export interface ResourceSet {
  tenantId: string;
  projectId: string;
  projectName: string;
  /** A project with nothing in it: a token restricted to it must not see the rest. */
  otherProjectId: string;
  /** Uses the mock MCP server; has a header whose value carries the marker. */
  serverId: string;
  /**
   * The server's recorded surface (its tool's description carries the marker), not approved; one change (from an
   * earlier surface) is in its drift history.
   */
  surfaceHash: string;
  /** At version 2 (so version 1 can be restored). */
  suiteId: string;
  /** Finished (PASSED) with one result that has a transcript. */
  runId: string;
  resultId: string;
  webhookId: string;
  /** A failed delivery of the run to the webhook. */
  deliveryId: string;
  /** A read token restricted to `projectId`: the resource of /tokens/{id}. */
  tokenId: string;
  /** A pending invitation. */
  invitationId: string;
  /** The secret of its `/invite/<token>` link, and the address it was sent to. */
  invitationToken: string;
  invitationEmail: string;
  /** A MEMBER, the target of the member actions. */
  memberUserId: string;
}

export interface TenantFixture extends ResourceSet {
  slug: string;
  /** Shared by the names and secrets of this tenant's resources: no answer to anyone else may contain it. */
  marker: string;
  /** A signed-in member of each role. */
  users: Record<RoleName, { userId: string; email: string }>;
  /** Unrestricted API tokens of each scope, and one with no scope at all. */
  tokens: Record<Scope | 'none', string>;
}

let counter = 0;
const unique = () => `${(counter += 1)}-${randomBytes(3).toString('hex')}`;

/** A user with a membership of `role` in the tenant. */
export async function addMember(db: Database, tenantId: string, role: RoleName) {
  const email = `${role.toLowerCase()}-${unique()}@example.test`;
  const user = await db.global.user.create({ data: { email }, select: { id: true } });
  await db.tenant(tenantId).membership.create({ data: { tenantId, userId: user.id, role } });
  return { userId: user.id, email };
}

/** An API token of the tenant with these scopes (none allowed), optionally restricted to a project. */
export async function makeToken(db: Database, tenantId: string, scopes: Scope[], projectId?: string): Promise<string> {
  const { token, tokenHash, prefix } = generateApiToken();
  await db.tenant(tenantId).apiToken.create({
    data: {
      tenantId,
      name: `principal ${scopes.join('+') || 'none'}`,
      tokenHash,
      prefix,
      scopes: scopes.map((s) => DB_SCOPE[s]),
      projectId: projectId ?? null,
    },
  });
  return token;
}

/**
 * Creates one of every resource in the tenant: those holding secrets through the services the API uses (so they are
 * sealed as in production), the suite and the run history directly (no worker runs in the matrices).
 */
export async function seedResources(
  deps: ServiceDeps,
  tenantId: string,
  options: { marker: string; serverUrl: string },
): Promise<ResourceSet> {
  const { createProject } = await import('../../apps/web/src/server/services/projects/create-project');
  const { createServer } = await import('../../apps/web/src/server/services/servers/create-server');
  const { createWebhook } = await import('../../apps/web/src/server/services/webhooks/create-webhook');
  const { createToken } = await import('../../apps/web/src/server/services/tokens/create-token');
  const actor = { tenantId };
  const { marker } = options;
  const n = unique();
  const db = deps.db.tenant(tenantId);
  const now = new Date();
  const invitationToken = randomBytes(24).toString('base64url');
  const invitationEmail = `invitee-${unique()}@example.test`;
  // Independent steps run together: the matrices seed a fresh set for every call that must succeed.
  const [project, other, invitation, member] = await Promise.all([
    createProject(deps, actor, { name: `${marker} project ${n}` }),
    // The second project's name carries no marker: a token restricted to it may see it.
    createProject(deps, actor, { name: `other project ${n}` }),
    db.invitation.create({
      data: {
        tenantId,
        email: invitationEmail,
        role: 'MEMBER',
        tokenHash: hashToken(invitationToken),
        expiresAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
      },
    }),
    addMember(deps.db, tenantId, 'MEMBER'),
  ]);
  const [server, webhook, token] = await Promise.all([
    createServer(deps, actor, project.id, {
      name: `${marker} server`,
      url: options.serverUrl,
      transport: 'http',
      headers: { 'X-Matrix': `${marker}-header-value` },
    }),
    createWebhook(deps, actor, project.id, {
      url: `https://hooks.example.test/${marker}`,
      events: ['run.completed', 'run.failed'],
    }),
    createToken(deps, actor, { name: `${marker} token`, scopes: ['read'], projectId: project.id }),
  ]);
  const surfaceHash = await seedSurface(deps.db, tenantId, server.id, marker);
  // The suite and its history are inserted directly (as test/worker.ts seedSuite does): the matrices seed dozens of
  // sets, and the services' schedule arming and audit rows add nothing here.
  const suite = await db.suite.create({
    data: {
      tenantId,
      projectId: project.id,
      serverId: server.id,
      name: `${marker} suite`,
      yaml: SUITE_YAML_V2,
      version: 2,
      badgeKey: randomBytes(24).toString('base64url'),
    },
  });
  const [, run] = await Promise.all([
    db.suiteVersion.createMany({
      data: [
        { tenantId, suiteId: suite.id, version: 1, yaml: SUITE_YAML },
        { tenantId, suiteId: suite.id, version: 2, yaml: SUITE_YAML_V2 },
      ],
    }),
    seedRun(db, {
      suiteId: suite.id,
      status: 'PASSED',
      total: 1,
      branch: `${marker}-branch`,
      queuedAt: now,
      finishedAt: now,
      durationMs: 5,
    }),
  ]);
  const [result, delivery] = await Promise.all([
    db.assertionResult.create({
      data: {
        tenantId,
        runId: run.id,
        assertionKey: 'search',
        name: `${marker} assertion`,
        status: 'PASS',
        durationMs: 3,
        tool: 'search',
        transcript: [
          {
            seq: 1,
            at: 0,
            direction: 'sent',
            kind: 'request',
            method: 'tools/call',
            id: 1,
            message: { name: 'search', arguments: { q: marker } },
          },
          { seq: 2, at: 2, direction: 'received', kind: 'result', id: 1, message: { content: [] } },
        ],
      },
    }),
    db.webhookDelivery.create({
      data: {
        tenantId,
        webhookId: webhook.id,
        runId: run.id,
        event: 'run.completed',
        payload: { type: 'run.completed', data: { marker } },
        attempt: 1,
        status: 'FAILED',
        statusCode: 500,
        responseExcerpt: `${marker} response`,
      },
    }),
  ]);
  return {
    tenantId,
    projectId: project.id,
    projectName: project.name,
    otherProjectId: other.id,
    serverId: server.id,
    surfaceHash,
    suiteId: suite.id,
    runId: run.id,
    resultId: result.id,
    webhookId: webhook.id,
    deliveryId: delivery.id,
    tokenId: token.id,
    invitationId: invitation.id,
    invitationToken,
    invitationEmail,
    memberUserId: member.userId,
  };
}

/** Two recordings of the server's surface (one drift change), each tool description carrying the marker. */
async function seedSurface(db: Database, tenantId: string, serverId: string, marker: string): Promise<string> {
  const surface = (description: string): ServerSurface => ({
    format: 1,
    serverInfo: { name: `${marker} server`, version: '1.0.0' },
    protocolVersion: '2025-11-25',
    instructions: null,
    tools: [{ name: 'search', description, inputSchema: { type: 'object' } }],
    toolsTruncated: false,
    resources: [],
    resourceTemplates: [],
    prompts: [],
  });
  let hash = '';
  for (const recorded of [surface(`${marker} search`), surface(`${marker} search, reworded`)]) {
    hash = hashSurface(recorded);
    const input = { tenantId, serverId, hash, surface: recorded, source: 'discovery' as const, now: new Date() };
    await db.tenant(tenantId).transaction((tx) => recordSurface(tx, input));
  }
  return hash;
}

/** A tenant with a non-default policy, its resources, members of every role and tokens of every scope. */
export async function seedTenant(
  deps: ServiceDeps,
  options: { name: string; marker: string; serverUrl: string },
): Promise<TenantFixture> {
  const db = deps.db;
  const { tenant } = await createTenant(db, {
    name: options.name,
    ownerEmail: `owner-${unique()}@example.test`,
  });
  // Not the default policy, so a PUT of another tenant's defaults landing here would show in the snapshot.
  await db.global.tenant.update({ where: { id: tenant.id }, data: { execPolicy: { max_calls: 77 } } });
  const [resources, members, scoped, none] = await Promise.all([
    seedResources(deps, tenant.id, options),
    Promise.all(ROLES.map((role) => addMember(db, tenant.id, role))),
    Promise.all(SCOPES.map((scope) => makeToken(db, tenant.id, [scope]))),
    makeToken(db, tenant.id, []),
  ]);
  const users = Object.fromEntries(ROLES.map((role, i) => [role, members[i]!])) as TenantFixture['users'];
  const tokens = {
    ...Object.fromEntries(SCOPES.map((scope, i) => [scope, scoped[i]!])),
    none,
  } as TenantFixture['tokens'];
  return { ...resources, slug: tenant.slug, marker: options.marker, users, tokens };
}

/** Ids of a resource set: every one that names something of that tenant. */
export function idsOf(set: ResourceSet): string[] {
  return [
    set.tenantId,
    set.projectId,
    set.otherProjectId,
    set.serverId,
    set.suiteId,
    set.runId,
    set.resultId,
    set.webhookId,
    set.deliveryId,
    set.tokenId,
    set.invitationId,
    set.memberUserId,
  ];
}

/** Ids of what lives in the set's main project (what a token restricted to the other project must not reach). */
export function projectIdsOf(set: ResourceSet): string[] {
  return [
    set.projectId,
    set.serverId,
    set.suiteId,
    set.runId,
    set.resultId,
    set.webhookId,
    set.deliveryId,
    set.tokenId,
  ];
}

/** An id in the shape of ours (cuid) that names nothing. */
export function ghostId(): string {
  return `c${randomBytes(12).toString('hex').slice(0, 24)}`;
}

/** Replaces every occurrence of the given ids in a JSON-able value with ids that name nothing (consistently). */
export function withGhostIds<T>(value: T, ids: readonly string[]): T {
  if (value === undefined) return value;
  let text = JSON.stringify(value);
  for (const id of ids) text = text.split(id).join(ghostId());
  return JSON.parse(text) as T;
}

type Rows = Record<string, Record<string, unknown>>;

/** A row as comparable plain JSON (dates as strings, BigInt counters such as `Tenant.transcriptBytes` as decimals). */
function plain(row: unknown): object {
  return JSON.parse(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)));
}
export type TenantSnapshot = Record<string, Rows>;

/**
 * Every row the tenant owns (all tenant models) and its own row, keyed by id. `lastUsedAt` of API tokens is left out:
 * authenticating a request refreshes it, which is not a change of the tenant's data.
 */
export async function snapshotTenant(db: Database, tenantId: string): Promise<TenantSnapshot> {
  const scoped = db.tenant(tenantId) as unknown as Record<
    string,
    { findMany(args: object): Promise<Record<string, unknown>[]> }
  >;
  const snapshot: TenantSnapshot = {};
  await Promise.all(
    TENANT_MODELS.map(async (model) => {
      const rows = await scoped[model]!.findMany({ orderBy: { id: 'asc' } });
      snapshot[model] = Object.fromEntries(
        rows.map((row) => {
          const { lastUsedAt: _ignored, ...rest } = row;
          return [String(row.id), plain(model === 'apiToken' ? rest : row)];
        }),
      ) as Rows;
    }),
  );
  const tenant = await db.global.tenant.findUnique({ where: { id: tenantId } });
  snapshot.tenant = { [tenantId]: plain(tenant) as Record<string, unknown> };
  return snapshot;
}

/** What differs between two snapshots, one line per added, removed or changed row (empty when nothing did). */
export function diffSnapshots(before: TenantSnapshot, after: TenantSnapshot): string[] {
  const lines: string[] = [];
  for (const model of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[model] ?? {};
    const b = after[model] ?? {};
    for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(id in b)) lines.push(`${model} ${id} removed`);
      else if (!(id in a)) lines.push(`${model} ${id} added`);
      else if (JSON.stringify(a[id]) !== JSON.stringify(b[id])) {
        const fields = Object.keys(b[id]!).filter((key) => JSON.stringify(a[id]![key]) !== JSON.stringify(b[id]![key]));
        lines.push(`${model} ${id} changed: ${fields.join(', ')}`);
      }
    }
  }
  return lines;
}

/** Gives a server an OAuth connection (sealed, CONNECTED) with made-up tokens, through the db's own save operation. */
export async function seedServerAuthorization(
  deps: Pick<ServiceDeps, 'db' | 'secretBox'>,
  tenantId: string,
  serverId: string,
): Promise<void> {
  await saveServerAuthorization(deps.db.tenant(tenantId), deps.secretBox, {
    serverId,
    kind: 'AUTHORIZATION_CODE',
    registrationMethod: 'DYNAMIC',
    clientId: 'fixture-client',
    secrets: {
      tokens: {
        accessToken: `at-${randomBytes(8).toString('hex')}`,
        tokenType: 'bearer',
        expiresAt: Date.now() + 3_600_000,
      },
      tokenEndpointAuthMethod: 'none',
      discovery: {
        resource: 'http://127.0.0.1:9/mcp',
        resourceMetadataUrl: 'http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp',
        resourceMetadata: { resource: 'http://127.0.0.1:9/mcp' },
        issuer: 'http://127.0.0.1:10',
        authorizationServer: { issuer: 'http://127.0.0.1:10', token_endpoint: 'http://127.0.0.1:10/token' },
        authorizationServerMetadataUrl: 'http://127.0.0.1:10/.well-known/oauth-authorization-server',
      },
    },
    now: new Date(),
  });
}
