// Hostile MCP servers for the hostile-server corpus (test/hostile/hostile.test.ts): plain node:http, each on its own
// free port. Each plays MCP well enough (initialize, tools/list with one read-only tool `probe`) to reach the point
// where it misbehaves, then misbehaves there in one way. They never use the MCP SDK: the point is to send what no
// well-behaved server would.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from '../mcp-servers';

/** Where in a session the server stops behaving. */
export type HostileStage = 'initialize' | 'tools/list' | 'tools/call';

/** One JSON-RPC request the hostile server must answer (badly). */
export interface HostileExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly id: string | number;
  readonly params: Record<string, unknown>;
  /** This server's own origin (`http://127.0.0.1:port`), for redirects and metadata URLs that point back at it. */
  readonly origin: string;
}

/** How a server misbehaves: at which request, and what it sends instead of an answer. */
export interface HostileBehaviour {
  readonly at: HostileStage;
  answer(exchange: HostileExchange): void;
  /** What tools/list says about `probe` instead of PROBE_TOOL (e.g. a hostile outputSchema). */
  readonly tool?: Record<string, unknown>;
}

export interface HostileServer {
  readonly url: string;
  readonly port: number;
  /** Every request received, as `METHOD /path` plus ` rpc-method` for JSON-RPC POSTs: proof of what was (not) asked. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

const MiB = 1024 * 1024;
const PROTOCOL_VERSION = '2025-06-18';

/** The one tool every hostile server lists: read-only, so the policy lets the worker call it. */
const PROBE_TOOL = {
  name: 'probe',
  description: 'A tool whose call the server answers badly.',
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: {} },
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MiB) throw new Error('request body over 1 MiB');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts a server that answers like a stateless Streamable HTTP MCP server (JSON responses, no standalone GET stream)
 * until the request named by `behaviour.at`, which `behaviour.answer` handles instead.
 */
export async function startHostileServer(behaviour: HostileBehaviour): Promise<HostileServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const line = `${req.method} ${req.url}`;
      if (req.method !== 'POST') {
        requests.push(line);
        // No standalone SSE stream and no session to delete: the SDK accepts 405 for both.
        res.writeHead(405).end();
        return;
      }
      const message = JSON.parse(await readBody(req)) as {
        id?: string | number;
        method?: string;
        params?: Record<string, unknown>;
      };
      requests.push(`${line} ${message.method ?? '(response)'}`);
      if (message.id === undefined) {
        res.writeHead(202).end(); // notifications/initialized and other notifications
        return;
      }
      const exchange: HostileExchange = { req, res, id: message.id, params: message.params ?? {}, origin };
      if (message.method === behaviour.at) {
        behaviour.answer(exchange);
        return;
      }
      switch (message.method) {
        case 'initialize':
          sendJson(res, 200, {
            jsonrpc: '2.0',
            id: message.id,
            result: {
              protocolVersion: PROTOCOL_VERSION,
              capabilities: { tools: {} },
              serverInfo: { name: 'hostile', version: '0.0.0' },
            },
          });
          return;
        case 'tools/list':
          sendJson(res, 200, { jsonrpc: '2.0', id: message.id, result: { tools: [behaviour.tool ?? PROBE_TOOL] } });
          return;
        default:
          sendJson(res, 200, {
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32601, message: `method not found: ${message.method}` },
          });
      }
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `${origin}/mcp`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers and endless streams keep their sockets open; end them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server that answers everything with 200 and counts requests: the target a hostile server points at. */
export async function startCanary(): Promise<HostileServer> {
  const port = await freePort();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    sendJson(res, 200, { canary: true });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `total` bytes of `filler` in chunks, respecting back-pressure, so the server holds one 64 KiB buffer only. */
async function writeFiller(res: ServerResponse, total: number): Promise<boolean> {
  const chunk = Buffer.alloc(64 * 1024, 'A');
  let left = total;
  while (left > 0 && !res.destroyed) {
    const piece = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
    left -= piece.byteLength;
    if (!res.write(piece)) {
      const drained = await new Promise<boolean>((resolve) => {
        const settle = (ok: boolean) => {
          res.off('drain', onDrain);
          res.off('close', onClose);
          resolve(ok);
        };
        const onDrain = () => settle(true);
        const onClose = () => settle(false);
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
      if (!drained) return false;
    }
  }
  return !res.destroyed;
}

/** A tool result whose text is `fillerBytes` of 'A', split around the filler so it can be streamed. */
function resultAround(id: string | number): { head: string; tail: string } {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`;
  return { head, tail: '"}]}}' };
}

/** The catalogue of misbehaviours; each returns a behaviour for startHostileServer. */
export const hostile = {
  /**
   * tools/list pages of about `pageBytes` each (the probe tool, then tools with long descriptions), each with a
   * nextCursor to one more, for ever: every page is under the message cap, the listing as a whole is not.
   */
  endlessToolPages(pageBytes: number): HostileBehaviour {
    const tools = (page: number) => [
      ...(page === 0 ? [PROBE_TOOL] : []),
      ...Array.from({ length: 16 }, (_, i) => ({
        name: `filler_${page}_${i}`,
        description: 'D'.repeat(Math.floor(pageBytes / 16)),
        annotations: { readOnlyHint: true },
        inputSchema: { type: 'object', properties: {} },
      })),
    ];
    return {
      at: 'tools/list',
      answer({ res, id, params }) {
        const page = typeof params.cursor === 'string' ? Number(params.cursor.slice(1)) : 0;
        sendJson(res, 200, { jsonrpc: '2.0', id, result: { tools: tools(page), nextCursor: `p${page + 1}` } });
      },
    };
  },

  /**
   * Answers tools/list with the probe tool and a fresh `nextCursor` every time: a listing that never ends, each page a
   * request that is not a tool call (the client's own page cap is 100 pages).
   */
  endlessProbePages(): HostileBehaviour {
    let page = 0;
    return {
      at: 'tools/list',
      answer({ res, id }) {
        page += 1;
        sendJson(res, 200, { jsonrpc: '2.0', id, result: { tools: [PROBE_TOOL], nextCursor: `page-${page}` } });
      },
    };
  },

  /** Never answers the request: no headers, no body, the socket left open. */
  hangs(at: HostileStage): HostileBehaviour {
    return { at, answer: () => undefined };
  },

  /**
   * Answers with an event stream that never carries the response: a progress notification for the call every
   * 200 ms (which, without a hard deadline, would keep resetting the client's timer forever).
   */
  endlessEventStream(): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res, params }) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const token = (params._meta as { progressToken?: string | number } | undefined)?.progressToken;
        let progress = 0;
        const tick = setInterval(() => {
          progress += 1;
          const note = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress } };
          res.write(token === undefined ? ': still working\n\n' : `data: ${JSON.stringify(note)}\n\n`);
        }, 200);
        res.once('close', () => clearInterval(tick));
      },
    };
  },

  /**
   * An event stream of `bytes` bytes made of many 64 KiB notifications (notifications/message) and never the
   * response: each event is small, the whole is not.
   */
  floodOfEvents(bytes: number): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res }) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const note = JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', logger: 'flood', data: 'F'.repeat(64 * 1024) },
        });
        const event = Buffer.from(`event: message\ndata: ${note}\n\n`);
        let left = Math.ceil(bytes / event.byteLength);
        const pump = () => {
          while (left > 0 && !res.destroyed) {
            left -= 1;
            if (!res.write(event)) return void res.once('drain', pump);
          }
        };
        pump();
      },
    };
  },

  /** A JSON-RPC response of `bytes` bytes, streamed (chunked) or announced up front with Content-Length. */
  hugeJson(bytes: number, announce: 'chunked' | 'content-length'): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res, id }) {
        const { head, tail } = resultAround(id);
        const filler = bytes - head.length - tail.length;
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(announce === 'content-length' ? { 'content-length': String(bytes) } : {}),
        });
        res.write(head);
        void writeFiller(res, filler).then((ok) => ok && res.end(tail));
      },
    };
  },

  /** An event stream whose one `message` event carries a JSON-RPC response of `bytes` bytes. */
  hugeEvent(bytes: number): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res, id }) {
        const { head, tail } = resultAround(id);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`event: message\ndata: ${head}`);
        void writeFiller(res, bytes - head.length - tail.length).then((ok) => ok && res.end(`${tail}\n\n`));
      },
    };
  },

  /** 200 application/json whose body is not JSON at all. */
  garbageJson(): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res }) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":<<garbage>> not json');
      },
    };
  },

  /** 200 application/json with well-formed JSON that is no JSON-RPC message. */
  notJsonRpc(): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res }) {
        sendJson(res, 200, { status: 'ok', data: [1, 2, 3] });
      },
    };
  },

  /** A valid response, but to a request id the client never sent. */
  wrongId(): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res, id }) {
        const other = typeof id === 'number' ? id + 1000 : `${id}-other`;
        sendJson(res, 200, { jsonrpc: '2.0', id: other, result: { content: [{ type: 'text', text: 'ok' }] } });
      },
    };
  },

  /** A gateway's HTML error page, as a reverse proxy in front of a dead server sends it. */
  htmlErrorPage(at: HostileStage, status = 502): HostileBehaviour {
    return {
      at,
      answer({ res }) {
        const page =
          '<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n' +
          '<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx/1.25.3</center>\n</body>\n</html>\n';
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page);
      },
    };
  },

  /** Announces a body, sends half of it, and destroys the socket. */
  dropsMidBody(kind: 'json' | 'event-stream'): HostileBehaviour {
    return {
      at: 'tools/call',
      answer({ res, id }) {
        const { head, tail } = resultAround(id);
        const full = `${head}${'B'.repeat(200_000)}${tail}`;
        if (kind === 'json') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(full.length) });
        } else {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
        }
        const body = kind === 'json' ? full : `event: message\ndata: ${full}\n\n`;
        res.write(body.slice(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
      },
    };
  },

  /**
   * A well-formed answer to the call whose content is hostile to the checks run on it: `text` as its one text block,
   * `structuredContent` beside it, and `outputSchema` declared for `probe` in tools/list.
   */
  answers(result: { text: string; structuredContent?: unknown; outputSchema?: unknown }): HostileBehaviour {
    return {
      at: 'tools/call',
      tool: result.outputSchema === undefined ? PROBE_TOOL : { ...PROBE_TOOL, outputSchema: result.outputSchema },
      answer({ res, id }) {
        const answer = {
          content: [{ type: 'text', text: result.text }],
          ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
        };
        sendJson(res, 200, { jsonrpc: '2.0', id, result: answer });
      },
    };
  },

  /** A redirect to `location` (absolute, or computed from this server's origin). */
  redirects(at: HostileStage, status: 301 | 302 | 307 | 308, location: string | ((origin: string) => string)) {
    return {
      at,
      answer({ res, origin }: HostileExchange) {
        const target = typeof location === 'string' ? location : location(origin);
        res.writeHead(status, { location: target, 'content-type': 'text/plain' });
        res.end(`moved to ${target}`);
      },
    } satisfies HostileBehaviour;
  },

  /** 401 whose WWW-Authenticate sends OAuth discovery to `resourceMetadata` (RFC 9728). */
  unauthorized(resourceMetadata: string): HostileBehaviour {
    return {
      at: 'initialize',
      answer({ res }) {
        res.writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${resourceMetadata}", scope="mcp"`,
          'content-type': 'application/json',
        });
        res.end(JSON.stringify({ error: 'invalid_token' }));
      },
    };
  },
};
