import { z } from 'zod';
import { ConformanceRevision } from '../conformance/conformance-types';

// The auth-posture check (issue 18 item 4): what an attacker finds at an MCP server's authorization gate. The runner
// (packages/mcp/src/auth-posture) gathers these observations with requests that call no tool; the catalog judges them
// here, purely, so every verdict is table-tested without a server.

/** A finding's verdict. WARN is a SHOULD not met (reported, never a failure); SKIPPED says why it was not judged. */
export type AuthPostureStatus = 'PASS' | 'FAIL' | 'WARN' | 'SKIPPED';

/** How bad a FAIL of the finding is: what an attacker gains when the server gets it wrong. */
export type AuthPostureSeverity = 'critical' | 'high' | 'medium' | 'low';

/**
 * The parameters of a `WWW-Authenticate: Bearer` challenge the findings read (RFC 6750 §3, RFC 9728 §5.1), as the
 * OAuth client's parser (packages/mcp `parseBearerChallenge`, oauth4webapi's) gives them.
 */
export interface PostureBearerChallenge {
  readonly error?: string;
  readonly errorDescription?: string;
  readonly scope?: string;
  readonly resourceMetadata?: string;
}

/** What one request with (or without) a token got back: the status and its challenge, or why there was none. */
export type AuthProbe =
  | {
      readonly kind: 'http';
      readonly status: number;
      /** The raw `WWW-Authenticate` header, when the answer had one. */
      readonly wwwAuthenticate?: string;
      /** Its Bearer challenge, when it had one that parses. */
      readonly bearer?: PostureBearerChallenge;
      /** The JSON-RPC error code of the answer, when it carried one (a 2xx with an error was still let through). */
      readonly rpcErrorCode?: number;
    }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'not_run'; readonly reason: string };

/** The RFC 9728 protected-resource metadata document, as fetched (or why not). */
export type ResourceMetadataObservation =
  | {
      readonly kind: 'fetched';
      readonly url: string;
      /** Where its URL came from: `resource_metadata` of the 401's challenge, or the RFC 9728 well-known path. */
      readonly source: 'challenge' | 'well-known';
      readonly status: number;
      /** The parsed JSON body; undefined when it was not JSON. */
      readonly body: unknown;
    }
  | { readonly kind: 'failed'; readonly url?: string; readonly message: string }
  | { readonly kind: 'not_run'; readonly reason: string };

/** The tokens the check sends, each of which the server must refuse. */
export const POSTURE_TOKEN_KINDS = ['garbage', 'expired', 'alg_none', 'unknown_key', 'other_resource'] as const;
export type PostureTokenKind = (typeof POSTURE_TOKEN_KINDS)[number];

/** Everything the findings judge. */
export interface AuthPostureObservations {
  /** The server's URL as the user gave it: its canonical URI is what the metadata must name as `resource`. */
  readonly serverUrl: string;
  /** The session's first request (initialize or server/discover) with no Authorization header. */
  readonly noToken: AuthProbe;
  readonly metadata: ResourceMetadataObservation;
  /** The same request with each crafted or obtained token as `Authorization: Bearer`. */
  readonly tokens: Readonly<Record<PostureTokenKind, AuthProbe>>;
  /**
   * The same request with a token as `?access_token=` and no header; `token` says which: a valid token for this
   * server (conclusive) or a garbage one (a refusal then also comes from a server that reads and validates it).
   */
  readonly queryToken: AuthProbe & { readonly token?: 'valid' | 'garbage' };
}

/** One finding's verdict, with what it saw. */
export interface AuthPostureVerdict {
  readonly status: AuthPostureStatus;
  readonly message?: string;
  readonly evidence?: unknown;
}

/** Where the spec says it. */
export interface SpecReference {
  /** `MCP 2025-11-25 Authorization: Token Handling`, `RFC 6750 §3.1`. */
  readonly label: string;
  readonly url: string;
}

/** One finding of the catalog. */
export interface AuthPostureFinding {
  /** Stable id (`garbage-token-refused`); results are named `auth_posture <id>`. */
  readonly id: string;
  readonly title: string;
  readonly severity: AuthPostureSeverity;
  /** One line: why it matters. */
  readonly rationale: string;
  readonly specRefs: readonly SpecReference[];
  readonly verdict: (observations: AuthPostureObservations) => AuthPostureVerdict;
}

/** A finding's outcome in a report. */
export interface AuthPostureResult {
  readonly id: string;
  readonly title: string;
  readonly severity: AuthPostureSeverity;
  readonly rationale: string;
  readonly specRefs: readonly SpecReference[];
  readonly status: AuthPostureStatus;
  readonly message?: string;
  readonly evidence?: unknown;
}

export interface AuthPostureSummary {
  readonly results: readonly AuthPostureResult[];
  readonly counts: Readonly<Record<AuthPostureStatus, number>>;
  /** True when no finding FAILed. */
  readonly ok: boolean;
}

/** A posture run's outcome: the summary plus what was sent (packages/mcp's `runAuthPosture`). */
export interface AuthPostureReport extends AuthPostureSummary {
  readonly url: string;
  /** JSON-RPC methods sent, in order (initialize / server/discover / tools/list only: the check calls no tool). */
  readonly methodsSent: readonly string[];
  readonly durationMs: number;
}

/** Client credentials the check may use to obtain real tokens (client-credentials grant at the server's AS). */
export const AuthPostureCredentials = z
  .strictObject({
    client_id: z
      .string()
      .min(1)
      .meta({
        description: 'The client id at the authorization server the metadata names (usually `${ENV}`).',
        examples: ['${POSTURE_CLIENT_ID}'],
      }),
    // A suite is stored and shown as written: a secret in it would be readable by everyone who can read the suite.
    client_secret: z
      .string()
      .regex(/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/, {
        message: 'must be an environment reference such as ${POSTURE_CLIENT_SECRET}, never the secret itself',
      })
      .meta({
        description:
          'Its secret, sent with HTTP Basic (`client_secret_basic`): an environment reference (`${VAR}`), never the ' +
          'secret itself, since a suite is stored and shown as written.',
        examples: ['${POSTURE_CLIENT_SECRET}'],
      }),
    resource: z
      .string()
      .min(1)
      .optional()
      .meta({
        description:
          'The other resource to ask a token for (RFC 8707 `resource`); default ' +
          '`https://other-resource.mcptest.invalid/mcp`. The authorization server must issue tokens for it.',
        examples: ['https://other.example.com/mcp'],
      }),
    scope: z
      .string()
      .min(1)
      .optional()
      .meta({
        description: "Scopes to ask for; default the metadata's `scopes_supported`.",
        examples: ['mcp:tools'],
      }),
  })
  .meta({
    description:
      'Client credentials of a client registered at the authorization server the metadata names, allowed the ' +
      'client-credentials grant (sent with HTTP Basic).',
  });
export type AuthPostureCredentials = z.infer<typeof AuthPostureCredentials>;

/** The options a suite's `auth_posture:` block or the CLI gives. */
export const AuthPostureOptions = z
  .strictObject({
    revision: ConformanceRevision.default('2026-07-28').meta({
      description:
        'The MCP revision whose first request (`server/discover` for 2026-07-28, `initialize` for 2025-11-25) carries ' +
        'each token; the gate is judged on its answer. Default `2026-07-28`.',
      examples: ['2025-11-25'],
    }),
    other_resource_token_from: AuthPostureCredentials.optional().meta({
      description:
        'Client credentials (the client-credentials grant at the authorization server the metadata names) with which ' +
        'mcptest obtains a real token issued for another resource, which the server must refuse, and a valid token ' +
        'for the server, sent in the query string, which it must refuse too. Without them the other-resource finding ' +
        'is SKIPPED with the reason. Write the values as `${ENV}`.',
      examples: [{ client_id: '${POSTURE_CLIENT_ID}', client_secret: '${POSTURE_CLIENT_SECRET}' }],
    }),
  })
  .meta({
    description:
      'Which request carries the tokens and, optionally, the client credentials for a real token for another ' +
      'resource. Every key is optional: `auth_posture: {}` sends the crafted tokens only.',
  });
export type AuthPostureOptions = z.infer<typeof AuthPostureOptions>;
export type AuthPostureOptionsInput = z.input<typeof AuthPostureOptions>;
