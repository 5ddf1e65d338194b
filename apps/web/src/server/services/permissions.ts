import type { RoleName } from '@/server/orgs/org-schemas';

/**
 * What an operation needs, in one vocabulary for both doors: an API token's scope and a member's role. Each level
 * includes the ones before it (admin > write > run > read).
 *
 * - read: see everything (server and webhook URLs with credentials and query strings masked, see `mayReadUrl`)
 * - run: also trigger and cancel runs, discover servers and test their connection (requests to a server)
 * - write: also create, change and delete projects, servers and suites
 * - admin: also the execution policy, API tokens, webhooks, members and deleting projects
 */
export type Permission = 'read' | 'run' | 'write' | 'admin';
export const PERMISSIONS: readonly Permission[] = ['read', 'run', 'write', 'admin'];
export const PERMISSION_RANK: Record<Permission, number> = { read: 0, run: 1, write: 2, admin: 3 };

/** The least role of an organization that holds each permission. */
export const LEAST_ROLE: Record<Permission, RoleName> = {
  read: 'VIEWER',
  run: 'MEMBER',
  write: 'MEMBER',
  admin: 'ADMIN',
};

/** The most a member of each role may do. */
export function permissionOfRole(role: RoleName): Permission {
  return role === 'VIEWER' ? 'read' : role === 'MEMBER' ? 'write' : 'admin';
}

/** The most a token with these scopes may do (no scope: nothing, `undefined`). */
export function permissionOfScopes(scopes: readonly Permission[]): Permission | undefined {
  return scopes.reduce<Permission | undefined>(
    (best, scope) => (best === undefined || PERMISSION_RANK[scope] > PERMISSION_RANK[best] ? scope : best),
    undefined,
  );
}

/** True when `held` includes `needed`. */
export function includesPermission(held: Permission | undefined, needed: Permission): boolean {
  return held !== undefined && PERMISSION_RANK[held] >= PERMISSION_RANK[needed];
}

/**
 * THE table of who may do what: every operation reachable from the REST API (keys are the endpoints' operationIds)
 * or from a UI server action, with the permission it needs. `defineEndpoint` takes an endpoint's scope from here and
 * `orgAction` its least role (LEAST_ROLE), so the two doors cannot disagree; docs/security.md shows this table and
 * `permissions.test.ts` keeps it in step.
 */
export const OPERATIONS = {
  // Projects
  listProjects: 'read',
  getProject: 'read',
  getProjectBadge: 'read',
  createProject: 'write',
  updateProject: 'write',
  deleteProject: 'admin',
  // Servers
  listServers: 'read',
  getServer: 'read',
  createServer: 'write',
  updateServer: 'write',
  deleteServer: 'write',
  /** Also the web app's "Test connection" (the same connection action): both make requests to the server. */
  discoverServer: 'run',
  /** A server's latest conformance report per revision (and the Conformance tab). */
  getServerConformance: 'read',
  /**
   * "Run conformance": a run of the server's conformance suite. Creating that suite the first time also needs write,
   * checked by the service (runConformance), so a run-only token cannot add suites.
   */
  runConformance: 'run',
  /**
   * The web app's OAuth Connect (authorization code or client credentials) and Disconnect: they change what runs send
   * to the server, so they need write. UI only (a browser consents).
   */
  connectServer: 'write',
  disconnectServer: 'write',
  /** Which of a server's discovered tools its suites assert on, by risk phase (and the Coverage tab). */
  getServerCoverage: 'read',
  /** The same for every server of a project. */
  getProjectCoverage: 'read',
  /** A server's latest auth-posture findings (and the Auth posture tab). */
  getServerAuthPosture: 'read',
  /** "Run auth-posture check": a run of the server's `Auth posture` suite; creating it also needs write, as above. */
  runAuthPosture: 'run',
  /** A server's uptime monitor: state, 90-day uptime bar, incidents, badge (and the Monitor tab). */
  getServerMonitor: 'read',
  /** Enable or disable a server's uptime monitor and set its interval: it makes requests to the server on a timer. */
  updateServerMonitor: 'write',
  /** A server's recorded and approved surface, and its drift history (and the Surface tab). */
  getServerSurface: 'read',
  listSurfaceChanges: 'read',
  /** "Approve this surface": what pinned runs are judged against, so it needs write like changing the server. */
  approveServerSurface: 'write',
  // Suites
  listSuites: 'read',
  getSuite: 'read',
  listSuiteVersions: 'read',
  getSuiteVersion: 'read',
  /** p50/p95/p99 per tool over a suite's last runs (and the Latency tabs of the suite and the server). */
  getSuiteLatency: 'read',
  createSuite: 'write',
  updateSuite: 'write',
  deleteSuite: 'write',
  createTriggerUrl: 'admin',
  // Runs
  listRuns: 'read',
  getRun: 'read',
  getRunJunit: 'read',
  getRunMarkdown: 'read',
  streamRunEvents: 'read',
  triggerRun: 'run',
  cancelRun: 'run',
  // Policy, tokens, webhooks
  getPolicy: 'read',
  updatePolicy: 'admin',
  listTokens: 'admin',
  getToken: 'admin',
  createToken: 'admin',
  revokeToken: 'admin',
  listWebhooks: 'read',
  getWebhook: 'read',
  listWebhookDeliveries: 'read',
  createWebhook: 'admin',
  updateWebhook: 'admin',
  deleteWebhook: 'admin',
  rotateWebhookSecret: 'admin',
  redeliverWebhookDelivery: 'admin',
  sendWebhookTestEvent: 'admin',
  // Members (the web app only)
  inviteMember: 'admin',
  revokeInvitation: 'admin',
  changeMemberRole: 'admin',
  removeMember: 'admin',
  leaveOrganization: 'read',
} as const satisfies Record<string, Permission>;
export type Operation = keyof typeof OPERATIONS;

/** The least role a UI action doing `operation` requires. */
export function roleFor(operation: Operation): RoleName {
  return LEAST_ROLE[OPERATIONS[operation]];
}

/**
 * Whether the actor may see a server's or webhook's URL in full (credentials, query string): only who may change it,
 * because they need it to edit. Everyone else gets `maskUrl` (a read token, a VIEWER, a run token for webhooks).
 * An actor without a known permission (an internal call) sees it masked.
 */
export function mayReadUrl(actor: { permission?: Permission }, kind: 'server' | 'webhook'): boolean {
  return includesPermission(actor.permission, kind === 'server' ? OPERATIONS.updateServer : OPERATIONS.updateWebhook);
}
