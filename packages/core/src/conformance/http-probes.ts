import type { ConformanceRevision, HeaderNameTarget } from './conformance-types';

// The raw HTTP requests some official checks need: requests the MCP client never sends as they are (headers that
// disagree with the body, `_meta` left out, a foreign Host). Built here, as data, with the official harness's methods,
// ids, params and headers, so the verdicts and the runner agree on what was asked; the runner only sends them, through
// the session's SSRF-safe fetch, with the user's own headers beneath these.

/** One raw JSON-RPC POST. */
export interface HttpProbe {
  /** The JSON-RPC id; absent for a notification. */
  readonly id?: number;
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** The headers to send (they replace a user header of the same name, case-insensitively). */
  readonly headers: Readonly<Record<string, string>>;
}

/** The JSON text of a probe's body. */
export function probeBody(probe: HttpProbe): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    ...(probe.id === undefined ? {} : { id: probe.id }),
    method: probe.method,
    ...(probe.params === undefined ? {} : { params: probe.params }),
  });
}

const MODERN = '2026-07-28';
const CLIENT_INFO = { name: 'mcptest-conformance', version: '0.1.0' };

/** The 2026-07-28 per-request `_meta` (protocol version, client info, capabilities), with `overrides` over it. */
export function requestMeta(overrides: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
    ...overrides,
  };
}

/** The value the Mcp-Name header carries for a request: the tool or prompt name, or the resource URI. */
function nameOf(method: string, params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const key = method === 'resources/read' ? 'uri' : method === 'tools/call' || method === 'prompts/get' ? 'name' : '';
  const value = key === '' ? undefined : params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The headers a 2026-07-28 client sends with a request (Mcp-Method, Mcp-Name where the body names something,
 * MCP-Protocol-Version), with `overrides` replacing any of the same name.
 */
export function standardHeaders(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': MODERN,
    'Mcp-Method': method,
  };
  const name = nameOf(method, params);
  if (name !== undefined) headers['Mcp-Name'] = name;
  for (const [key, value] of Object.entries(overrides)) {
    for (const existing of Object.keys(headers))
      if (existing.toLowerCase() === key.toLowerCase()) delete headers[existing];
    headers[key] = value;
  }
  return headers;
}

function request(
  id: number,
  method: string,
  params: Readonly<Record<string, unknown>>,
  overrides?: Readonly<Record<string, string>>,
): HttpProbe {
  return { id, method, params, headers: standardHeaders(method, params, overrides) };
}

/** The version no server implements, as the official `server-stateless` scenario asks for it. */
export const UNKNOWN_PROTOCOL_VERSION = 'v999.0.0';

/** The 2025 methods 2026-07-28 removed: a modern server answers them 404 / -32601. */
export const REMOVED_METHODS = [
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
] as const;

/** `logging/setLevel` -> `logging-setlevel`, the suffix of the official check id. */
export function removedMethodSlug(method: string): string {
  return method.toLowerCase().replace('/', '-');
}

const META = requestMeta();
const CAPS = META['io.modelcontextprotocol/clientCapabilities'];
const INFO = META['io.modelcontextprotocol/clientInfo'];

/** The three `_meta` defects the server must refuse with -32602 and HTTP 400, keyed by the official id's suffix. */
export const META_DEFECTS = {
  'missing-meta': request(101, 'server/discover', {}),
  'missing-protocol-version': request(102, 'server/discover', {
    _meta: { 'io.modelcontextprotocol/clientInfo': INFO, 'io.modelcontextprotocol/clientCapabilities': CAPS },
  }),
  'missing-client-capabilities': request(104, 'server/discover', {
    _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': INFO },
  }),
} as const satisfies Record<string, HttpProbe>;

/**
 * The raw requests of the official `server-stateless` scenario (SEP-2575) that call no tool, by key. None has a
 * side effect: discovery, listings, methods the server must not implement, and requests it must refuse.
 */
export const STATELESS_PROBES: Readonly<Record<string, HttpProbe>> = {
  ...META_DEFECTS,
  'client-info-optional': request(105, 'server/discover', {
    _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': CAPS },
  }),
  discover: request(201, 'server/discover', { _meta: META }),
  'tools-list': request(202, 'tools/list', { _meta: META }),
  'prompts-list': request(203, 'prompts/list', { _meta: META }),
  'unsupported-version': request(
    301,
    'server/discover',
    { _meta: requestMeta({ 'io.modelcontextprotocol/protocolVersion': UNKNOWN_PROTOCOL_VERSION }) },
    { 'MCP-Protocol-Version': UNKNOWN_PROTOCOL_VERSION },
  ),
  // The header says 2026-07-28, the body's _meta another version: a HeaderMismatch.
  'header-mismatch': request(302, 'server/discover', {
    _meta: requestMeta({ 'io.modelcontextprotocol/protocolVersion': UNKNOWN_PROTOCOL_VERSION }),
  }),
  ...Object.fromEntries(
    REMOVED_METHODS.map((method) => [`removed-${removedMethodSlug(method)}`, request(500, method, { _meta: META })]),
  ),
  'unknown-method': request(601, 'unknown/method', { _meta: META }),
};

/** One case of the official `http-header-validation` scenario (SEP-2243). */
export interface HeaderCase {
  readonly key: string;
  /** `reject`: the server must answer 400 (and -32020); `accept`: it must serve the request. */
  readonly expect: 'reject' | 'accept';
  readonly probe: HttpProbe;
}

/**
 * The header-validation cases. The Mcp-Method cases use tools/list; the Mcp-Name cases use `target`, which the runner
 * picks so that no tool is called where the server has a resource or a prompt (the official harness calls its first
 * tool with `{}`). Headers are exactly the case's: Content-Type, Accept and MCP-Protocol-Version, then the case's own.
 */
export function headerValidationCases(target: HeaderNameTarget): HeaderCase[] {
  const base = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  let id = 100;
  const make = (key: string, expect: HeaderCase['expect'], method: string, params: object, headers: object) => ({
    key,
    expect,
    probe: {
      id: id++,
      method,
      params: { ...params, _meta: META },
      headers: { ...base, 'MCP-Protocol-Version': MODERN, ...headers } as Record<string, string>,
    },
  });
  const cases: HeaderCase[] = [
    make('method-mismatch', 'reject', 'tools/list', {}, { 'Mcp-Method': 'prompts/list' }),
    make('method-missing', 'reject', 'tools/list', {}, {}),
  ];
  if (target.kind !== 'none') {
    const params =
      target.kind === 'tools/call'
        ? { name: target.name, arguments: target.arguments }
        : target.kind === 'resources/read'
          ? { uri: target.name }
          : { name: target.name };
    cases.push(
      make('name-mismatch', 'reject', target.kind, params, { 'Mcp-Method': target.kind, 'Mcp-Name': 'wrong_name' }),
      make('name-whitespace', 'accept', target.kind, params, {
        'Mcp-Method': target.kind,
        'Mcp-Name': `  ${target.name}  `,
      }),
      make('name-missing', 'reject', target.kind, params, { 'Mcp-Method': target.kind }),
    );
  }
  cases.push(
    make('header-name-lowercase', 'accept', 'tools/list', {}, { 'mcp-method': 'tools/list' }),
    make('header-name-uppercase', 'accept', 'tools/list', {}, { 'MCP-METHOD': 'tools/list' }),
    make('value-case', 'reject', 'tools/list', {}, { 'Mcp-Method': 'TOOLS/LIST' }),
  );
  return cases;
}

/** The Host the official `dns-rebinding-protection` scenario sends as the attacker's. */
export const FOREIGN_HOST = 'evil.example.com';

/**
 * Whether the DNS rebinding check applies to `url`, by the official rule: a server on localhost (`localhost`,
 * `127.0.0.1`, `[::1]`). A remote server is not reachable by rebinding a browser's DNS to the user's machine.
 */
export function dnsRebindingApplies(url: string): { applies: true; host: string } | { applies: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { applies: false, reason: `${url} is not a URL` };
  }
  const hostname = parsed.hostname.toLowerCase();
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname)
    ? { applies: true, host: parsed.host }
    : {
        applies: false,
        reason: `DNS rebinding protection applies to servers on localhost (localhost, 127.0.0.1, [::1]); ${parsed.host} is not one`,
      };
}

/** The first request of a session with `host` as Host and `http://host` as Origin. */
export function dnsRebindingProbe(revision: ConformanceRevision, host: string): HttpProbe {
  return sessionOpenProbe(revision, { Host: host, Origin: `http://${host}` });
}

/**
 * The first request of a session in a revision (`server/discover` in 2026-07-28, `initialize` in 2025), with `extra`
 * headers over the standard ones: it needs no session, so what answers it is the server's gate itself (the DNS
 * rebinding probes, the auth-posture check's tokens).
 */
export function sessionOpenProbe(
  revision: ConformanceRevision,
  extra: Readonly<Record<string, string>> = {},
): HttpProbe {
  if (revision === MODERN) {
    const params = { _meta: requestMeta() };
    return {
      id: 1,
      method: 'server/discover',
      params,
      headers: standardHeaders('server/discover', params, extra),
    };
  }
  const params = { protocolVersion: revision, capabilities: {}, clientInfo: CLIENT_INFO };
  return {
    id: 1,
    method: 'initialize',
    params,
    headers: standardHeaders('initialize', params, { 'MCP-Protocol-Version': revision, ...extra }),
  };
}

/** The 2025 `notifications/initialized` that completes the local initialize, in its session. */
export function dnsRebindingInitialized(revision: ConformanceRevision, host: string, sessionId?: string): HttpProbe {
  return {
    method: 'notifications/initialized',
    headers: standardHeaders('notifications/initialized', undefined, {
      Host: host,
      Origin: `http://${host}`,
      'MCP-Protocol-Version': revision,
      ...(sessionId === undefined ? {} : { 'Mcp-Session-Id': sessionId }),
    }),
  };
}
