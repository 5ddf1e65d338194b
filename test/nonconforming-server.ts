// A deliberately non-conforming 2025-era MCP server for the differential conformance test: it breaks named official
// checks on purpose, so both mcptest and the official harness must FAIL/WARN them (a test that cannot fail proves
// nothing). Broken: `tools-list` (a tool without the required description), `tools-name-format` (a name with a space
// and "!"), `ping` (a non-empty result instead of {}). Hand-written JSON-RPC over HTTP (JSON responses, no session):
// an SDK server would refuse or repair what this one breaks, and tests may not import the 2025 SDK (eslint fence).
import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface NonconformingServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** The official checks this server breaks, with the verdict both sides must give. */
export const NONCONFORMING_BREAKS = { 'tools-list': 'FAIL', 'tools-name-format': 'WARN', ping: 'FAIL' } as const;

const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

interface Request {
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: { readonly protocolVersion?: string };
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
      const result = answer(request);
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
