// The tenant isolation matrix of the web UI's pages: every page of the app and every layout that loads data, read
// from the source tree (a new one without a case here fails the inventory test by name). Each page's default export
// (an async server component) is called in process as Next calls it, with `params` and `searchParams` as Promises,
// over real Postgres and Redis. The one seam is the session lookup (whom the request is from), mocked as in the action
// matrix; next/navigation's redirect(), notFound() and forbidden() are real and throw, and their digests are read as
// outcomes. The element a page returns is walked (its props, deeply) for the other organization's names and ids.
//
// The rule, as for the actions: an organization one is not a member of, and another organization's things named from
// one's own, must look unknown (404, the same answer as for a name that exists nowhere; the 403 of a role too low in
// one's own organization comes first and does not depend on the name), and nothing of the other organization is in
// what the page renders.
import { isValidElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { useRouteEnv } from '../route-env';
import { listPageFiles, type PageFile } from './inventory';
import {
  ghostId,
  idsOf,
  ROLE_RANK,
  ROLES,
  seedTenant,
  type ResourceSet,
  type RoleName,
  type TenantFixture,
} from './tenant-fixture';

interface SessionUser {
  userId: string;
  email: string | null;
}

// Whom each render is for: per async context, so renders for different users can run at the same time.
const sessions = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return new AsyncLocalStorage<SessionUser | null>();
});
vi.mock('../../apps/web/src/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve(sessions.getStore() ?? null),
  sessionActor: () => sessions.getStore() ?? null,
}));

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

const PAGES = listPageFiles();
const byFile = new Map(PAGES.map((page) => [page.file, page]));

/**
 * Pages outside the matrix, with why: they render before anyone signs in and hold no tenant data. The inventory test
 * fails on a page that is in no table, and on an entry here whose file is gone.
 */
const PUBLIC_PAGES: Record<string, string> = {
  'app/page.tsx': 'the public home page: reads the session only to choose between two links',
  'app/signin/page.tsx': 'the sign-in form: no session yet, no tenant data',
};

/**
 * Pages anyone may open, signed in or not, addressed by a credential in the URL rather than by a membership: each has
 * its own block at the end of this file (what the credential shows, and that nothing else opens it).
 */
const KEYED_PUBLIC_PAGES: Record<string, string> = {
  'app/status/[key]/page.tsx': "a suite's public status page, addressed by the suite's badge key",
};

type Params = Record<string, string>;

interface OrgPageCase {
  /** The least role that may open it (loadOrgPage's minRole). */
  role: RoleName;
  /** Query parameters that name resources of a set (they get the same treatment as path parameters). */
  search?: (set: ResourceSet) => Params;
  /**
   * Set (with why) when the page, opened by its own organization, shows nothing carrying the organization's marker:
   * its success then cannot show that the leak check would see a leak.
   */
  blind?: string;
}

/** Pages and layouts under /o/[org], by file (relative to apps/web/src). Their path segments map by SEGMENT_RESOURCE. */
const ORG_PAGE_CASES: Record<string, OrgPageCase> = {
  'app/o/[org]/layout.tsx': { role: 'VIEWER' },
  'app/o/[org]/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/members/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/projects/[projectId]/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/projects/[projectId]/servers/new/page.tsx': { role: 'MEMBER' },
  'app/o/[org]/projects/[projectId]/suites/new/page.tsx': {
    role: 'MEMBER',
    // `?from=` and `?server=` pick one of the project's servers.
    search: (set) => ({ from: set.serverId, server: set.serverId }),
  },
  'app/o/[org]/runs/page.tsx': { role: 'VIEWER', search: (set) => ({ suiteId: set.suiteId }) },
  'app/o/[org]/runs/[runId]/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/servers/[serverId]/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/servers/[serverId]/conformance/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/servers/[serverId]/auth-posture/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/servers/[serverId]/latency/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/servers/[serverId]/coverage/page.tsx': { role: 'VIEWER', search: (set) => ({ suiteId: set.suiteId }) },
  'app/o/[org]/servers/[serverId]/monitor/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/servers/[serverId]/surface/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/settings/layout.tsx': { role: 'VIEWER', blind: 'the settings tabs: links only' },
  'app/o/[org]/settings/page.tsx': { role: 'VIEWER', blind: 'the execution policy: numbers and switches' },
  'app/o/[org]/settings/badges/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/settings/tokens/page.tsx': { role: 'ADMIN' },
  'app/o/[org]/settings/webhooks/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/settings/webhooks/[webhookId]/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/suites/[suiteId]/layout.tsx': { role: 'VIEWER' },
  'app/o/[org]/suites/[suiteId]/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/suites/[suiteId]/edit/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/suites/[suiteId]/runs/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/suites/[suiteId]/schedule/page.tsx': {
    role: 'VIEWER',
    blind: "the schedule's cron and zone (the suite's name is in its layout)",
  },
  'app/o/[org]/suites/[suiteId]/versions/page.tsx': { role: 'VIEWER' },
  'app/o/[org]/suites/[suiteId]/latency/page.tsx': {
    role: 'VIEWER',
    blind: "the suite's latency numbers (the suite's name is in its layout)",
  },
};

/** Which resource of a set each dynamic path segment names (`org` is the organization itself). */
const SEGMENT_RESOURCE: Record<string, keyof ResourceSet> = {
  projectId: 'projectId',
  serverId: 'serverId',
  suiteId: 'suiteId',
  runId: 'runId',
  webhookId: 'webhookId',
  token: 'invitationToken',
};

/** What a render came to. `ok` carries the walked element tree, as text. */
type Outcome =
  { kind: 'ok'; tree: string } | { kind: 'redirect'; to: string } | { kind: 'not_found' } | { kind: 'forbidden' };

/** What tells two outcomes apart (a tree is compared separately, with ids normalized). */
const show = (o: Outcome) => (o.kind === 'redirect' ? `redirect ${o.to}` : o.kind);

interface Attempt {
  what: string;
  user: SessionUser | null;
  params: Params;
  search?: Params;
  /** The same render naming things that exist nowhere: the outcome must be the same, tree included. */
  ghost?: { params: Params; search?: Params };
  expected: Outcome['kind'];
}

/** Cases of the signed-in pages outside /o/[org]: who tries what, and what success is. */
interface AccountPageCase {
  attempts: (a: TenantFixture, b: TenantFixture) => Attempt[];
  own: (a: TenantFixture) => { user: SessionUser; params: Params; expected: (o: Outcome) => boolean };
}

let deps: ServiceDeps;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
/** A's invitation links that can no longer be used: one accepted, one expired. */
let usedToken: string;
let expiredToken: string;
/** The user A's pending invitation was sent to. */
let invitee: SessionUser;
/** A's ids, each with an id in its shape that names nothing. */
let ghosts: Map<string, string>;

const ACCOUNT_PAGE_CASES: Record<string, AccountPageCase> = {
  'app/orgs/page.tsx': {
    attempts: (_a, b) =>
      ROLES.map((role) => ({ what: `B's ${role}`, user: b.users[role], params: {}, expected: 'ok' as const })),
    own: (a) => ({ user: a.users.VIEWER, params: {}, expected: (o) => o.kind === 'ok' }),
  },
  'app/runs/[runId]/page.tsx': {
    // The run link of the API and webhooks finds the run among the visitor's organizations.
    attempts: (a, b) =>
      ROLES.map((role) => ({
        what: `B's ${role}, A's run`,
        user: b.users[role],
        params: { runId: a.runId },
        ghost: { params: { runId: ghosts.get(a.runId)! } },
        expected: 'not_found' as const,
      })),
    own: (a) => ({
      user: a.users.VIEWER,
      params: { runId: a.runId },
      expected: (o) => show(o) === `redirect /o/${a.slug}/runs/${a.runId}`,
    }),
  },
  'app/invite/[token]/page.tsx': {
    // The link's token is the credential (anyone holding a pending one sees which organization invites them), so the
    // attempts here are links that can no longer be used: they must not tell which organization they were for.
    attempts: (_a, b) =>
      ROLES.flatMap((role) => [
        { what: `B's ${role}, A's accepted link`, user: b.users[role], params: { token: usedToken }, expected: 'ok' },
        { what: `B's ${role}, A's expired link`, user: b.users[role], params: { token: expiredToken }, expected: 'ok' },
        {
          what: `B's ${role}, a link that never existed`,
          user: b.users[role],
          params: { token: ghostId() },
          expected: 'ok',
        },
      ]),
    own: (a) => ({ user: invitee, params: { token: a.invitationToken }, expected: (o) => o.kind === 'ok' }),
  },
};

type PageComponent = (props: Record<string, unknown>) => Promise<unknown>;
const components = new Map<string, PageComponent>();

/**
 * The element tree as text: elements by type, key and props, plain objects and arrays deeply (cycle-safe), dates and
 * ISO timestamps as placeholders (two renders a moment apart must compare equal), functions and other class instances
 * by name only (a prop holding a client or a pool is not page content).
 */
function walk(value: unknown, ancestors = new Set<object>()): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return value.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
  if (typeof value === 'function') return `[function ${value.name}]`;
  if (typeof value !== 'object') return String(value);
  if (ancestors.has(value)) return '[cycle]';
  if (value instanceof Date) return '<time>';
  ancestors.add(value);
  try {
    if (isValidElement(value)) {
      const { type, key, props } = value as { type: unknown; key: unknown; props: unknown };
      const name =
        typeof type === 'string'
          ? type
          : typeof type === 'function'
            ? type.name || 'anonymous'
            : typeof type === 'symbol'
              ? String(type)
              : '[object type]';
      return { element: name, key, props: walk(props, ancestors) };
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, ancestors));
    if (value instanceof Map) return [...value.entries()].map((entry) => walk(entry, ancestors));
    if (value instanceof Set) return [...value].map((item) => walk(item, ancestors));
    if (value instanceof URL) return value.href;
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype && proto !== null) return `[${proto.constructor?.name ?? 'object'}]`;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, ancestors)]));
  } finally {
    ancestors.delete(value);
  }
}

async function render(file: string, user: SessionUser | null, params: Params, search: Params = {}): Promise<Outcome> {
  const component = components.get(file);
  if (!component) throw new Error(`${file} was not loaded`);
  const page = byFile.get(file)!;
  const props: Record<string, unknown> = { params: Promise.resolve(params) };
  // Layouts get the page below them as children and no searchParams (Next passes none to layouts).
  if (page.kind === 'page') props.searchParams = Promise.resolve(search);
  else props.children = null;
  try {
    const element = await sessions.run(user, () => component(props));
    if (!isValidElement(element)) throw new Error(`${file} returned ${typeof element}, not a React element`);
    return { kind: 'ok', tree: JSON.stringify(walk(element)) };
  } catch (error) {
    // redirect(), notFound() and forbidden() throw errors whose digest says what they are.
    const digest = String((error as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return { kind: 'redirect', to: digest.split(';')[2] ?? '' };
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')) return { kind: 'not_found' };
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;403')) return { kind: 'forbidden' };
    throw error;
  }
}

/** The page's path parameters for a set of resources (and the organization, under /o/[org]). */
function paramsFor(page: PageFile, org: string | undefined, set: ResourceSet): Params {
  return Object.fromEntries(
    page.segments.map((segment) => {
      if (segment === 'org') return [segment, org ?? ''];
      const resource = SEGMENT_RESOURCE[segment];
      if (!resource)
        throw new Error(`no fixture for the segment [${segment}] of ${page.file}: map it in SEGMENT_RESOURCE`);
      return [segment, String(set[resource])];
    }),
  );
}

/** The same parameters with each of A's ids replaced by an id that names nothing (the organization stays). */
function ghostOf(params: Params): Params {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, ghosts.get(v) ?? v]));
}

/** The URL the page is at, with its parameters filled in: where sign-in must come back to. */
function urlOf(page: PageFile, params: Params): string {
  return page.urlPath.replace(/\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}/g, (_m, name: string) => params[name] ?? '');
}

/** What of A a render for anyone else must not hold: its ids, names (the marker), and its people's addresses. */
function secretsOf(a: TenantFixture): string[] {
  return [
    ...idsOf(a),
    a.marker,
    a.slug,
    a.invitationToken,
    a.invitationEmail,
    ...Object.values(a.users).map((u) => u.email),
  ];
}

/** The secrets in an outcome's tree that the request did not itself send (echoing a sent id back tells nothing). */
function leaked(outcome: Outcome, secrets: readonly string[], sent: Params[]): string[] {
  if (outcome.kind !== 'ok') return [];
  const sentText = JSON.stringify(sent);
  return secrets.filter((s) => !sentText.includes(s) && outcome.tree.includes(s));
}

/** A tree with each of the listed ids replaced by its index: two trees that differ only in which id was named compare equal. */
function normalized(outcome: Outcome, ids: readonly string[]): string {
  if (outcome.kind !== 'ok') return show(outcome);
  let text = outcome.tree;
  ids.forEach((id, index) => (text = text.split(id).join(`<ref ${index}>`)));
  return text;
}

beforeAll(async () => {
  vi.stubEnv('__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS', 'true');
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  deps = getServiceDeps();
  for (const page of PAGES) {
    if (page.file in PUBLIC_PAGES) continue;
    const loaded = (await import(/* @vite-ignore */ page.absolute)) as { default: PageComponent };
    components.set(page.file, loaded.default);
  }
  // The organizations' names carry their markers, so a name shown to the wrong visitor is caught as well.
  // Pages never call the servers: the URL is never dialled.
  const serverUrl = 'https://mcp.example.test/mcp';
  [tenantA, tenantB] = await Promise.all([
    seedTenant(deps, { name: 'Org tenant-a-secret', marker: 'tenant-a-secret', serverUrl }),
    seedTenant(deps, { name: 'Org tenant-b-secret', marker: 'tenant-b-secret', serverUrl }),
  ]);
  ghosts = new Map(idsOf(tenantA).map((id) => [id, ghostId()]));
  const { hashToken } = await import('@mcptest/db');
  usedToken = ghostId();
  expiredToken = ghostId();
  const past = new Date(Date.now() - 3600_000);
  const invitations = deps.db.tenant(tenantA.tenantId).invitation;
  const [user] = await Promise.all([
    testDb.db.global.user.create({ data: { email: tenantA.invitationEmail }, select: { id: true, email: true } }),
    invitations.create({
      data: {
        tenantId: tenantA.tenantId,
        email: 'used@example.test',
        role: 'MEMBER',
        tokenHash: hashToken(usedToken),
        expiresAt: new Date(Date.now() + 3600_000),
        acceptedAt: past,
      },
    }),
    invitations.create({
      data: {
        tenantId: tenantA.tenantId,
        email: 'expired@example.test',
        role: 'MEMBER',
        tokenHash: hashToken(expiredToken),
        expiresAt: past,
      },
    }),
  ]);
  invitee = { userId: user.id, email: user.email };
});

describe('page inventory', () => {
  it('has a case for every page and data-loading layout, and none for one that is gone', () => {
    const found = PAGES.map((page) => page.file);
    const cases = [
      ...Object.keys(ORG_PAGE_CASES),
      ...Object.keys(ACCOUNT_PAGE_CASES),
      ...Object.keys(PUBLIC_PAGES),
      ...Object.keys(KEYED_PUBLIC_PAGES),
    ];
    expect(
      found.filter((file) => !cases.includes(file)),
      'pages without an isolation case',
    ).toEqual([]);
    expect(
      cases.filter((file) => !found.includes(file)),
      'cases whose page is gone',
    ).toEqual([]);
    expect(
      Object.keys(ORG_PAGE_CASES).filter((file) => !file.startsWith('app/o/[org]/')),
      'org cases outside /o/[org]',
    ).toEqual([]);
    expect(
      found.filter((file) => file.startsWith('app/o/[org]/') && !(file in ORG_PAGE_CASES)),
      'pages under /o/[org] that are not org cases',
    ).toEqual([]);
    // Found by reading the tree: if this drops, the scan is broken, not the app.
    expect(found.length).toBeGreaterThanOrEqual(25);
  });
});

describe.each(Object.entries(ORG_PAGE_CASES).map(([file, c]) => ({ file, c })))('$file', ({ file, c }) => {
  const page = () => {
    const found = byFile.get(file);
    if (!found) throw new Error(`${file} is not in the inventory`);
    return found;
  };

  it('signed out: sent to sign in, and back to this page', async () => {
    const params = paramsFor(page(), tenantA.slug, tenantA);
    const outcome = await render(file, null, params, c.search?.(tenantA));
    if (page().kind === 'layout') {
      // A layout renders with its page and would win the race with its own, shorter path (the deep link lost after
      // sign-in): signed out, it renders its children alone, nothing of its own, and the page below redirects.
      expect(outcome.kind === 'ok' ? JSON.parse(outcome.tree) : show(outcome)).toEqual({
        element: 'Symbol(react.fragment)',
        key: null,
        props: { children: null },
      });
      return;
    }
    expect(show(outcome)).toBe(`redirect /signin?callbackUrl=${encodeURIComponent(urlOf(page(), params))}`);
  });

  it(`B's members of every role and A's below ${c.role}: nothing found, nothing of A shown`, async () => {
    const paramsA = paramsFor(page(), tenantA.slug, tenantA);
    const searchA = c.search?.(tenantA) ?? {};
    const hasRefs = page().segments.some((s) => s !== 'org');
    const attempts: Attempt[] = [];
    for (const role of ROLES) {
      const user = tenantB.users[role];
      // A's organization: B's members are not members there, whatever their role in B. By id as well as by slug
      // (loadOrgPage takes either) for the highest role.
      attempts.push({
        what: `B's ${role}, org A by slug`,
        user,
        params: paramsA,
        search: searchA,
        ghost: { params: { ...paramsA, org: 'no-such-org' }, search: searchA },
        expected: 'not_found',
      });
      if (role === 'OWNER') {
        attempts.push({
          what: `B's ${role}, org A by id`,
          user,
          params: { ...paramsA, org: tenantA.tenantId },
          search: searchA,
          ghost: { params: { ...paramsA, org: ghostId() }, search: searchA },
          expected: 'not_found',
        });
      }
      // Their own organization. Below the page's role, the role check answers before any name is looked up.
      const enough = ROLE_RANK[role] >= ROLE_RANK[c.role];
      const own = paramsFor(page(), tenantB.slug, tenantB);
      if (hasRefs) {
        // A's things named in the path (and the query): unknown, as names that exist nowhere are.
        const params = paramsFor(page(), tenantB.slug, tenantA);
        attempts.push({
          what: `B's ${role}, org B, A's ${Object.keys(params)
            .filter((k) => k !== 'org')
            .join('+')}`,
          user,
          params,
          search: searchA,
          ghost: { params: ghostOf(params), search: ghostOf(searchA) },
          expected: enough ? 'not_found' : 'forbidden',
        });
      }
      if (c.search) {
        // B's own page with A's things named in the query only: the same page as for names that exist nowhere.
        attempts.push({
          what: `B's ${role}, org B, own page, A's ${Object.keys(searchA).join('+')} in the query`,
          user,
          params: own,
          search: searchA,
          ghost: { params: own, search: ghostOf(searchA) },
          expected: enough ? 'ok' : 'forbidden',
        });
      } else if (!hasRefs) {
        // B's own page (a list, a frame): it must show nothing of A.
        attempts.push({
          what: `B's ${role}, org B, own page`,
          user,
          params: own,
          expected: enough ? 'ok' : 'forbidden',
        });
      }
    }
    for (const role of ROLES.filter((r) => ROLE_RANK[r] < ROLE_RANK[c.role])) {
      attempts.push({
        what: `A's ${role}`,
        user: tenantA.users[role],
        params: paramsA,
        search: searchA,
        expected: 'forbidden',
      });
    }
    await check(file, attempts);
  });

  it(`A's ${c.role} opens it on A's own things (the checks above can fail)`, async () => {
    const outcome = await render(file, tenantA.users[c.role], paramsFor(page(), tenantA.slug, tenantA), {
      ...c.search?.(tenantA),
    });
    expect(show(outcome)).toBe('ok');
    // The walk sees the page's data: A's own marker is in what A is shown.
    if (!c.blind)
      expect(outcome.kind === 'ok' && outcome.tree.includes(tenantA.marker), 'A sees its marker').toBe(true);
  });
});

/** Renders the attempts together (each with its ghost after it), then checks them in order. */
async function check(file: string, attempts: Attempt[]): Promise<void> {
  const secrets = secretsOf(tenantA);
  const ids = [...ghosts.keys()];
  const ghostIds = [...ghosts.values()];
  const outcomes = await Promise.all(
    attempts.map(async (a) => {
      const real = await render(file, a.user, a.params, a.search);
      const ghost = a.ghost ? await render(file, a.user, a.ghost.params, a.ghost.search) : undefined;
      return { real, ghost };
    }),
  );
  attempts.forEach((a, index) => {
    const { real, ghost } = outcomes[index]!;
    expect(show(real), a.what).toBe(a.expected);
    if (ghost) {
      expect(normalized(real, ids), `${a.what}: the same page as for names that exist nowhere`).toBe(
        normalized(ghost, ghostIds),
      );
    }
    expect(leaked(real, secrets, [a.params, a.search ?? {}]), `${a.what}: A's ids or names in the page`).toEqual([]);
  });
}

describe.each(Object.entries(ACCOUNT_PAGE_CASES).map(([file, c]) => ({ file, c })))('$file', ({ file, c }) => {
  it('signed out: sent to sign in, and back to this page', async () => {
    const { params } = c.own(tenantA);
    const outcome = await render(file, null, params);
    const page = byFile.get(file)!;
    expect(show(outcome)).toBe(`redirect /signin?callbackUrl=${encodeURIComponent(urlOf(page, params))}`);
  });

  it(`B's members: nothing of A found or shown`, async () => {
    await check(file, c.attempts(tenantA, tenantB));
  });

  it('its own user succeeds (the checks above can fail)', async () => {
    const own = c.own(tenantA);
    const outcome = await render(file, own.user, own.params);
    expect(own.expected(outcome), show(outcome)).toBe(true);
    if (outcome.kind === 'ok') expect(outcome.tree, 'A sees its marker').toContain(tenantA.marker);
  });
});

describe('app/status/[key]/page.tsx', () => {
  const file = 'app/status/[key]/page.tsx';
  const badgeKeyOf = async (set: TenantFixture) =>
    (
      await deps.db
        .tenant(set.tenantId)
        .suite.findFirstOrThrow({ where: { id: set.suiteId }, select: { badgeKey: true } })
    ).badgeKey;

  it("opens for anyone with the suite's badge key and shows its name, and nothing else of the organization", async () => {
    const key = await badgeKeyOf(tenantA);
    const suite = await deps.db.tenant(tenantA.tenantId).suite.findFirstOrThrow({ where: { id: tenantA.suiteId } });
    for (const user of [null, tenantB.users.OWNER, tenantA.users.VIEWER]) {
      const outcome = await render(file, user, { key });
      expect(show(outcome)).toBe('ok');
      const tree = outcome.kind === 'ok' ? outcome.tree : '';
      expect(tree).toContain(suite.name);
      // With the suite's name taken out, nothing of A is left: no id, no other name, no slug, no address.
      const rest = tree.split(suite.name).join('');
      expect(
        secretsOf(tenantA).filter((secret) => rest.includes(secret)),
        'A beyond the suite name',
      ).toEqual([]);
      expect(rest).not.toContain('mcp.example.test');
    }
  });

  it("finds nothing by any of A's ids or a key that names nothing: the same 404 for everyone", async () => {
    const attempts: Attempt[] = [];
    for (const user of [null, tenantB.users.OWNER, tenantA.users.OWNER]) {
      for (const id of idsOf(tenantA)) {
        attempts.push({
          what: `${user ? user.email : 'anonymous'}, A's id ${id} as the key`,
          user,
          params: { key: id },
          ghost: { params: { key: ghostId() } },
          expected: 'not_found',
        });
      }
    }
    await check(file, attempts);
  });
});
