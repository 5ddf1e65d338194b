// Test helper (not used by the worker): a real HTTP receiver on 127.0.0.1 that records what it gets and answers as
// each test scripts it, and a check that verifies a recorded delivery with the standardwebhooks library.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export interface ReceiverReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (the sender's timeout is under test). */
  hang?: boolean;
}

/** Answers the n-th request (0-based) to a path. */
export type ReceiverRoute = (request: ReceivedWebhook, n: number) => ReceiverReply;

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedWebhook[];
  /** Scripts a path; unscripted paths answer 200 "ok". */
  route(path: string, answer: ReceiverRoute): void;
  on(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const routes = new Map<string, ReceiverRoute>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
      const received: ReceivedWebhook = {
        path,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      const n = requests.filter((r) => r.path === path).length;
      requests.push(received);
      const reply = routes.get(path)?.(received, n) ?? { status: 200, body: 'ok' };
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    route: (path, answer) => void routes.set(path, answer),
    on: (path) => requests.filter((r) => r.path === path),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a receiver holding `secret` concludes about a recorded delivery: the parsed body, or the library's error. */
export function verifyWith(
  secret: string,
  request: ReceivedWebhook,
): { ok: true; body: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, body: new Webhook(secret).verify(request.body, request.headers) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
