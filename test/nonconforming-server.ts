// A deliberately non-conforming 2025-era MCP server for the differential conformance test: it breaks named official
// checks on purpose, so both mcptest and the official harness must FAIL/WARN them (a test that cannot fail proves
// nothing). Broken: `tools-list` (a tool without the required description), `tools-name-format` (a name with a space
// and "!"), `ping` (a non-empty result instead of {}), `json-schema-2020-12` (the reference tool's inputSchema loses
// `$schema` and `additionalProperties`, as a server that rebuilds schemas from a validator would) and
// `dns-rebinding-protection` (any Host is served). It also answers 2026-07-28 requests (server/discover, the
// revision's resultType and caching hints) without any of that revision's checks: no `_meta`, version or
// Mcp-Method / Mcp-Name validation, removed methods served with HTTP 200, so the stateless core (`sep-2575-*`) and
// `http-header-validation` fail there. Hand-written JSON-RPC over HTTP (JSON responses, no session):
// an SDK server would refuse or repair what this one breaks, and tests may not import the 2025 SDK (eslint fence).
import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface NonconformingServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** The official checks this server breaks, with the verdict both sides must give. */
export const NONCONFORMING_BREAKS = {
  'tools-list': 'FAIL',
  'tools-name-format': 'WARN',
  ping: 'FAIL',
  'json-schema-2020-12-$schema': 'FAIL',
  'json-schema-2020-12-additionalProperties': 'FAIL',
  'localhost-host-rebinding-rejected': 'FAIL',
} as const;

/** The official checks it breaks under the 2026-07-28 requirement set, with the verdict both sides must give. */
export const NONCONFORMING_BREAKS_MODERN = {
  'tools-list': 'FAIL',
  'sep-2575-request-meta-invalid-missing-meta': 'FAIL',
  'sep-2575-http-server-meta-invalid-400': 'FAIL',
  'sep-2575-http-server-unsupported-version-400': 'FAIL',
  'sep-2575-http-server-header-mismatch-400': 'FAIL',
  'sep-2575-http-server-method-not-found-404-ping': 'FAIL',
  'sep-2575-http-server-method-not-found-404': 'FAIL',
  'sep-2243-server-reject-invalid-headers': 'FAIL',
  'json-schema-2020-12-$schema': 'FAIL',
} as const;

/**
 * The official json-schema-2020-12 reference tool's inputSchema without `$schema` and `additionalProperties`; `$defs`
 * (with its `$anchor`) and the composition and conditional keywords are kept, so those checks pass.
 */
const STRIPPED_SCHEMA_2020_12 = {
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
};

const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

interface Request {
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: { readonly protocolVersion?: string; readonly _meta?: Record<string, unknown> };
}

/** The result for a request, or undefined for "method not found". */
function answer(request: Request): unknown {
  switch (request.method) {
    case 'initialize': {
      const asked = request.params?.protocolVersion ?? '';
      return {
        protocolVersion: VERSIONS.includes(asked) ? asked : VERSIONS[0],
        capabilities: { tools: {} },
        serverInfo: { name: 'mcptest-nonconforming', version: '1.0.0' },
      };
    }
    // 2026-07-28 discovery, so the same server runs the modern requirement set too; it then checks nothing (no _meta,
    // version or header validation) and gives no caching hints.
    case 'server/discover':
      return {
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mcptest-nonconforming', version: '1.0.0' } },
      };
    case 'ping':
      return { pong: true };
    case 'tools/list':
      return {
        tools: [
          {
            name: 'bad tool name!',
            description: 'A name outside the Tool Names pattern',
            inputSchema: { type: 'object' },
          },
          { name: 'no_description', inputSchema: { type: 'object' } },
          {
            name: 'json_schema_2020_12_tool',
            description: 'Tool with JSON Schema 2020-12 features',
            inputSchema: STRIPPED_SCHEMA_2020_12,
          },
        ],
      };
    default:
      return undefined;
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startNonconformingServer(): Promise<NonconformingServer> {
  const httpServer = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    void readBody(req).then((body) => {
      let request: Request;
      try {
        request = JSON.parse(body) as Request;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      // A notification (no id) gets 202 and no body, as Streamable HTTP says.
      if (request.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const answered = answer(request);
      // A 2026-07-28 request (its _meta names the revision) gets the resultType that revision requires, and nothing
      // else of it.
      const modern = request.params?._meta?.['io.modelcontextprotocol/protocolVersion'] === '2026-07-28';
      const result =
        modern && typeof answered === 'object' && answered !== null
          ? { ...answered, resultType: 'complete', ttlMs: 0, cacheScope: 'private' }
          : answered;
      const reply =
        result === undefined
          ? { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `Method not found: ${request.method}` } }
          : { jsonrpc: '2.0', id: request.id, result };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
