import type { Permission } from './permissions';
import type { PlanTable } from '@mcptest/core';
import type { Database, SecretBox } from '@mcptest/db';
import type { ApiRateLimits, FairAdmission, Queues, Redis } from '@mcptest/queue';

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
  rateLimits: ApiRateLimits;
  /** Longest `wait` a trigger may ask for, in seconds. */
  maxWaitSeconds: number;
  /** Opens a Redis connection for a blocking read (a trigger's `wait`, an event stream); the caller closes it. */
  blockingRedis: () => Redis;
  now: () => Date;
}

/** Who is acting, already authenticated: a tenant, through an API token or a signed-in user. */
export interface Actor {
  tenantId: string;
  tokenId?: string;
  userId?: string;
  /** A token restricted to one project may touch nothing else (checked by the services that take a project). */
  projectId?: string;
  /**
   * The most this actor may do (a token's best scope, a member's role; services/permissions.ts). Services read it
   * only to decide what to show (`mayReadUrl`); who may call what is checked before, by withApi and withRole.
   */
  permission?: Permission;
}
