import { isProtocolChoice, maskUrl, PROTOCOL_CHOICES, type ProtocolChoice } from '@mcptest/core';
import { mayReadUrl, type Permission } from '@/server/services/permissions';
import { z } from 'zod';

/** Transports as the API spells them; the database enum is upper case. */
export const ServerTransportName = z.enum(['auto', 'http', 'sse']);
export type ServerTransportName = z.infer<typeof ServerTransportName>;

export type DbServerTransport = 'AUTO' | 'HTTP' | 'SSE';

export function toDbTransport(transport: ServerTransportName): DbServerTransport {
  return transport === 'http' ? 'HTTP' : transport === 'sse' ? 'SSE' : 'AUTO';
}

export function fromDbTransport(transport: DbServerTransport): ServerTransportName {
  return transport === 'HTTP' ? 'http' : transport === 'SSE' ? 'sse' : 'auto';
}

/** The MCP protocol era runs speak to the server (docs/protocol.md). */
export const ServerProtocolName = z.enum(PROTOCOL_CHOICES).meta({
  description:
    'MCP protocol era: auto (server/discover, then the 2025 initialize handshake), 2026-07-28 (or modern), or a ' +
    '2025 revision (or legacy).',
});

/** The stored text as a choice; a value PROTOCOL_CHOICES no longer knows reads as auto. */
export function fromDbProtocol(protocol: string): ProtocolChoice {
  return isProtocolChoice(protocol) ? protocol : 'auto';
}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, spaces, tabs and obs-text: no CR, LF, NUL or other controls (they would smuggle a second header). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
export const MAX_HEADERS = 32;
export const MAX_HEADER_NAME_LENGTH = 256;
export const MAX_HEADER_VALUE_LENGTH = 8192;
/**
 * Headers the HTTP client or the MCP transport owns: framing (a wrong Content-Length or Transfer-Encoding breaks or
 * smuggles requests), routing, and the MCP session headers the SDK manages. Authentication headers are what this is for.
 */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);

/**
 * Static request headers of a server (typically Authorization or an API key), `{name: value}`. Write-only: sealed at
 * rest and never returned; the API shows their names only.
 */
export const ServerHeaders = z
  .record(z.string(), z.string())
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > MAX_HEADERS) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_HEADERS} headers`, path: [] });
    }
    const seen = new Map<string, string>();
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (!HEADER_NAME.test(name) || name.length > MAX_HEADER_NAME_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `not a valid header name (letters, digits and !#$%&'*+.^_\`|~-, at most ${MAX_HEADER_NAME_LENGTH})`,
        });
      } else if (RESERVED_HEADERS.has(lower) || lower.startsWith('proxy-')) {
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is set by mcptest's HTTP client, not by you` });
      }
      const twin = seen.get(lower);
      if (twin !== undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: `same header as "${twin}" (names ignore case)` });
      }
      seen.set(lower, name);
      // The value is never echoed: it is a secret.
      if (!HEADER_VALUE.test(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'the value may not contain line breaks or other control characters',
        });
      } else if (value.length > MAX_HEADER_VALUE_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `the value is over ${MAX_HEADER_VALUE_LENGTH} characters`,
        });
      }
    }
  })
  .meta({ description: 'Request headers sent to the server (write-only: never returned).' });
export type ServerHeaders = z.infer<typeof ServerHeaders>;

export const ServerName = z.string().trim().min(1).max(100);
/** Checked again against the private-network rules by the service (`url_refused` names the rule). */
export const ServerUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https?:\/\//i, 'must be an http(s) URL');

export const CreateServerRequest = z.strictObject({
  name: ServerName,
  url: ServerUrl,
  transport: ServerTransportName.default('auto'),
  protocol: ServerProtocolName.default('auto'),
  headers: ServerHeaders.optional(),
});
export type CreateServerRequest = z.infer<typeof CreateServerRequest>;

export const UpdateServerRequest = z.strictObject({
  name: ServerName.optional(),
  url: ServerUrl.optional(),
  transport: ServerTransportName.optional(),
  protocol: ServerProtocolName.optional(),
  /** Replaces every header when given; `null` (or `{}`) removes them. */
  headers: ServerHeaders.nullable().optional(),
});
export type UpdateServerRequest = z.infer<typeof UpdateServerRequest>;

/**
 * A server's OAuth connection as the API and the server page show it (docs/oauth.md): what it is and whether runs can
 * use it, never a token, a refresh token or a client secret (those stay sealed in the connection's blob).
 */
export const ServerAuthorizationSummary = z.object({
  /** `authorization_code` (a user consented) or `client_credentials` (machine to machine). */
  kind: z.enum(['authorization_code', 'client_credentials']),
  /** `connected`; `expired`: a refresh was refused, reconnect this server; `error`: see `error`. */
  state: z.enum(['connected', 'expired', 'error']),
  /** Why the state is expired or error (never a token). */
  error: z.string().nullable(),
  issuer: z.string(),
  /** The server's canonical URI the tokens are bound to (RFC 8707). */
  resource: z.string(),
  scope: z.string().nullable(),
  registrationMethod: z.enum(['pre_registered', 'client_id_metadata_document', 'dynamic']),
  clientId: z.string(),
  accessTokenExpiresAt: z.iso.datetime().nullable(),
  refreshedAt: z.iso.datetime().nullable(),
  connectedAt: z.iso.datetime(),
});
export type ServerAuthorizationSummary = z.infer<typeof ServerAuthorizationSummary>;

export const ServerResource = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  url: z.string(),
  transport: ServerTransportName,
  protocol: ServerProtocolName,
  hasHeaders: z.boolean(),
  /** Names of the stored headers; their values are never returned. */
  headerNames: z.array(z.string()),
  discoveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The server's OAuth connection (docs/oauth.md), or null when it has none; never a token or a secret. */
  authorization: ServerAuthorizationSummary.nullable(),
});
export type ServerResource = z.infer<typeof ServerResource>;

/** The columns a ServerResource is built from (never `discovery`, which can be large). */
export const SERVER_RESOURCE_SELECT = {
  id: true,
  projectId: true,
  name: true,
  url: true,
  transport: true,
  protocol: true,
  headersEncrypted: true,
  headersKeyId: true,
  discoveredAt: true,
  createdAt: true,
  // The connection's plain columns only: the sealed blob is not read here.
  authorization: {
    select: {
      kind: true,
      state: true,
      lastError: true,
      issuer: true,
      resource: true,
      scope: true,
      registrationMethod: true,
      clientId: true,
      accessTokenExpiresAt: true,
      refreshedAt: true,
      connectedAt: true,
    },
  },
} as const;

/** The plain columns of a server's OAuth connection, as SERVER_RESOURCE_SELECT reads them. */
export interface ServerAuthorizationRow {
  kind: 'AUTHORIZATION_CODE' | 'CLIENT_CREDENTIALS';
  state: 'CONNECTED' | 'EXPIRED' | 'ERROR';
  lastError: string | null;
  issuer: string;
  resource: string;
  scope: string | null;
  registrationMethod: 'PRE_REGISTERED' | 'CLIENT_ID_METADATA_DOCUMENT' | 'DYNAMIC';
  clientId: string;
  accessTokenExpiresAt: Date | null;
  refreshedAt: Date | null;
  connectedAt: Date;
}

/** The API's summary of a connection row. */
export function toServerAuthorizationSummary(row: ServerAuthorizationRow): ServerAuthorizationSummary {
  return {
    kind: row.kind === 'AUTHORIZATION_CODE' ? 'authorization_code' : 'client_credentials',
    state: row.state === 'CONNECTED' ? 'connected' : row.state === 'EXPIRED' ? 'expired' : 'error',
    error: row.lastError,
    issuer: row.issuer,
    resource: row.resource,
    scope: row.scope,
    registrationMethod:
      row.registrationMethod === 'PRE_REGISTERED'
        ? 'pre_registered'
        : row.registrationMethod === 'DYNAMIC'
          ? 'dynamic'
          : 'client_id_metadata_document',
    clientId: row.clientId,
    accessTokenExpiresAt: row.accessTokenExpiresAt ? row.accessTokenExpiresAt.toISOString() : null,
    refreshedAt: row.refreshedAt ? row.refreshedAt.toISOString() : null,
    connectedAt: row.connectedAt.toISOString(),
  };
}

export interface ServerRow {
  id: string;
  projectId: string;
  name: string;
  url: string;
  transport: DbServerTransport;
  protocol: string;
  headersEncrypted: Uint8Array | null;
  headersKeyId: string | null;
  discoveredAt: Date | null;
  createdAt: Date;
  authorization: ServerAuthorizationRow | null;
}

/**
 * A server as `viewer` may see it: header names only, and the URL in full only for who may change it (credentials and
 * query string masked for everyone else: read tokens, run tokens, VIEWERs).
 */
export function toServerResource(
  row: ServerRow,
  headerNames: string[],
  viewer: { permission?: Permission },
): ServerResource {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    url: mayReadUrl(viewer, 'server') ? row.url : maskUrl(row.url),
    transport: fromDbTransport(row.transport),
    protocol: fromDbProtocol(row.protocol),
    hasHeaders: row.headersEncrypted !== null,
    headerNames,
    discoveredAt: row.discoveredAt ? row.discoveredAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    authorization: row.authorization ? toServerAuthorizationSummary(row.authorization) : null,
  };
}
