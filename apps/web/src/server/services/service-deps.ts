import type { Permission } from './permissions';
import type { PlanTable } from '@mcptest/core';
import type { Database, SecretBox } from '@mcptest/db';
import type { SafeFetch } from '@mcptest/mcp';
import type { ApiRateLimits, FairAdmission, Queues, Redis, RunEventHub } from '@mcptest/redis';
import type { EventStreamSlots } from './runs/event-stream-slots';

/**
 * What service functions use, built once per process from the env (`getServiceDeps`) or by a test. Service functions
 * are the operations the REST API, the MCP endpoint and the UI share: route handlers only authorize, parse and call one.
 */
export interface ServiceDeps {
  db: Database;
  /** Commands only (producer connection: fails fast while Redis is away). */
  redis: Redis;
  prefix: string;
  queues: Queues;
  fair: FairAdmission;
  secretBox: SecretBox;
  plans: PlanTable;
  /** Public base URL without a trailing slash (run URLs, badge URLs, webhook payloads). */
  appUrl: string;
  /** Parsed MCPTEST_ALLOW_PRIVATE_NETWORKS: the only private CIDRs a user-supplied URL may reach. */
  allowPrivateNetworks: readonly string[];
  /**
   * The only way the web process reaches a user's server (discovery, connection tests): the SSRF-safe fetch with the
   * workers' per-host politeness gate inside; callers add the tenant's request allowance with `withGate`.
   */
  outbound: SafeFetch;
  rateLimits: ApiRateLimits;
  /** Longest `wait` a trigger may ask for, in seconds. */
  maxWaitSeconds: number;
  /** The process's one reader of live run events (event streams, a trigger's `wait`): one Redis connection for all. */
  runEvents: RunEventHub;
  /** The caps on open event streams per user and per tenant. */
  eventStreams: EventStreamSlots;
  now: () => Date;
}

/** Who is acting, already authenticated: a tenant, through an API token or a signed-in user. */
export interface Actor {
  tenantId: string;
  tokenId?: string;
  userId?: string | undefined;
  /** A token restricted to one project may touch nothing else (checked by the services that take a project). */
  projectId?: string;
  /**
   * The most this actor may do (a token's best scope, a member's role; services/permissions.ts). Services read it
   * only to decide what to show (`mayReadUrl`); who may call what is checked before, by withApi and withRole.
   */
  permission?: Permission;
}
