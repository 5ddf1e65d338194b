// The safe fetch against real local HTTP servers on 127.0.0.1: what is refused (and never reaches a server), what
// is admitted, redirects, caps and timeouts. Names are pointed anywhere with an injected resolver.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveChecked, systemResolver, type HostResolver, type ResolvedAddress } from './checked-connector';
import { createSafeFetch, type SafeFetch, type SafeFetchOptions } from './safe-fetch';
import { OutboundTimeoutError, SsrfRefusedError } from './ssrf-errors';

const DEV = ['127.0.0.0/8', '::1/128'];
const EVERYTHING = ['0.0.0.0/0', '::/0'];
const MiB = 1024 * 1024;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface TestServer {
  port: number;
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies TestServer;
}

/** A resolver from a fixed table; counts calls so tests can prove a name was resolved once per connection. */
function fakeResolver(table: Record<string, string[] | (() => string[])>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const entry = table[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

const fetches: SafeFetch[] = [];
function safeFetchWith(options: SafeFetchOptions): SafeFetch {
  const safeFetch = createSafeFetch(options);
  fetches.push(safeFetch);
  return safeFetch;
}
afterEach(async () => {
  await Promise.all(fetches.splice(0).map((f) => f.close()));
});

async function refusal(promise: Promise<unknown>): Promise<SsrfRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SsrfRefusedError);
  return error as SsrfRefusedError;
}

let target: TestServer;
beforeAll(async () => {
  target = await startServer((req, res) => {
    res.setHeader('content-type', 'text/plain');
    res.end(`hello from ${req.url}`);
  });
});
afterAll(() => target.close());

describe('refused before any byte reaches a server', () => {
  const resolver = fakeResolver({
    'loopback.test': ['127.0.0.1'],
    'private.test': ['10.0.0.1'],
    'mixed.test': ['93.184.215.14', '10.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'mapped.test': ['::ffff:127.0.0.1'],
  });

  it.each([
    [
      'http://127.0.0.1:{port}/',
      [],
      'private_address',
      '127.0.0.1 is a loopback address (MCPTEST_ALLOW_PRIVATE_NETWORKS',
    ],
    ['http://[::1]:{port}/', [], 'private_address', '::1 is a loopback address'],
    ['http://169.254.169.254/latest/meta-data/', [], 'metadata', '169.254.169.254 is a cloud metadata address'],
    ['http://169.254.169.254/latest/meta-data/', EVERYTHING, 'metadata', 'never allowed'],
    ['http://169.254.1.1/', EVERYTHING, 'link_local', '169.254.1.1 is a link-local address (never allowed)'],
    ['http://[fe80::1]/', EVERYTHING, 'link_local', 'fe80::1 is a link-local address'],
    ['http://10.0.0.1/', [], 'private_address', '10.0.0.1 is a private address'],
    ['http://10.0.0.1/', DEV, 'private_address', '10.0.0.1 is a private address'],
    ['http://[::ffff:127.0.0.1]:{port}/', [], 'private_address', '(127.0.0.1) is a loopback address'],
    ['http://2130706433:{port}/', [], 'private_address', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1:{port}/', [], 'private_address', '127.0.0.1 is a loopback address'],
    ['http://017700000001:{port}/', [], 'private_address', '127.0.0.1 is a loopback address'],
    ['http://localhost:{port}/', [], 'private_address', 'localhost is loopback'],
    ['http://loopback.test:{port}/', [], 'private_address', 'loopback.test resolves to a loopback address'],
    ['http://mapped.test:{port}/', [], 'private_address', 'mapped.test resolves to a loopback address'],
    ['http://private.test/', DEV, 'private_address', 'private.test resolves to a private address (MCPTEST_'],
    ['http://mixed.test/', [], 'private_address', 'mixed.test resolves to a private address'],
    ['http://metadata.test/', EVERYTHING, 'metadata', 'metadata.test resolves to a cloud metadata address'],
    ['http://nowhere.test/', [], 'dns_failed', 'nowhere.test did not resolve (ENOTFOUND)'],
    ['http://0.0.0.0:{port}/', EVERYTHING, 'unroutable', '0.0.0.0 is an unspecified address'],
    ['file:///etc/passwd', EVERYTHING, 'scheme', 'file: URLs are not allowed'],
    ['http://user:secret@127.0.0.1:{port}/', DEV, 'invalid_url', 'credentials in the URL'],
  ])('%s with allowlist %j: %s', async (url, allowlist, rule, message) => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: allowlist, resolve: resolver });
    const before = target.seen.length;
    const error = await refusal(safeFetch(url.replace('{port}', String(target.port))));
    expect(error.code).toBe('ssrf_refused');
    expect(error.rule).toBe(rule);
    expect(error.message).toContain(message);
    expect(error.message).toMatch(/^refused: /);
    expect(target.seen.length).toBe(before);
  });

  it.each([
    ['private.test', DEV, '10.0.0.1'],
    ['mixed.test', [], '10.0.0.1'],
    ['metadata.test', EVERYTHING, '169.254.169.254'],
    ['mapped.test', [], '127.0.0.1'],
  ])(
    'names the rule for %s but never the address it resolved to, which only the operator hook sees',
    async (name, allowlist, address) => {
      const told: SsrfRefusedError[] = [];
      const safeFetch = safeFetchWith({
        allowPrivateNetworks: allowlist,
        resolve: resolver,
        onRefused: (e) => told.push(e),
      });
      const error = await refusal(safeFetch(`http://${name}:${target.port}/`));
      expect(error.message).toContain(`${name} resolves to a`);
      expect(error.message).not.toContain(address);
      expect(JSON.stringify(error)).not.toContain(address);
      expect(String(error)).not.toContain(address);
      expect(error.address).toContain(address);
      expect(told).toEqual([error]);
    },
  );

  it('resolves a real name (localhost, through the system resolver) and refuses its loopback address', async () => {
    const error = await resolveChecked('localhost', systemResolver, []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsrfRefusedError);
    expect((error as SsrfRefusedError).message).toBe(
      'refused: localhost resolves to a loopback address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not include it)',
    );
    expect((error as SsrfRefusedError).address).toMatch(/^(127\.0\.0\.1|::1) is a loopback address/);
    await expect(resolveChecked('localhost', systemResolver, DEV)).resolves.not.toHaveLength(0);
  });
});

describe('admitted', () => {
  it('fetches from a loopback server with the development allowlist', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    const response = await safeFetch(`${target.origin}/hi`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello from /hi');
    expect(response.url).toBe(`${target.origin}/hi`);
    expect(response.redirected).toBe(false);
  });

  it('connects a name to the address it was checked at, sending the name as Host', async () => {
    const resolver = fakeResolver({ 'mcp.test': ['127.0.0.1'] });
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, resolve: resolver });
    const response = await safeFetch(new URL(`http://mcp.test:${target.port}/named`));
    expect(await response.text()).toBe('hello from /named');
    expect(target.seen.at(-1)?.headers.host).toBe(`mcp.test:${target.port}`);
    expect(resolver.calls).toEqual(['mcp.test']);
  });

  it('re-checks on every new connection, so a rebinding name is refused the second time', async () => {
    const closing = await startServer((_req, res) => {
      res.setHeader('connection', 'close');
      res.end('ok');
    });
    try {
      const answers = [['127.0.0.1'], ['10.0.0.1']];
      const resolver = fakeResolver({ 'rebind.test': () => answers.shift() ?? [] });
      const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, resolve: resolver });
      expect(await (await safeFetch(`http://rebind.test:${closing.port}/`)).text()).toBe('ok');
      const error = await refusal(safeFetch(`http://rebind.test:${closing.port}/`));
      expect(error.message).toContain('rebind.test resolves to a private address');
      expect(resolver.calls).toEqual(['rebind.test', 'rebind.test']);
      expect(closing.seen).toHaveLength(1);
    } finally {
      await closing.close();
    }
  });

  it('accepts a Request as input and passes its method, headers and body', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    const request = new Request(`${target.origin}/req`, {
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: JSON.stringify({ a: 1 }),
    });
    await (await safeFetch(request)).text();
    expect(target.seen.at(-1)).toMatchObject({ method: 'POST', url: '/req', body: '{"a":1}' });
    expect(target.seen.at(-1)?.headers['x-test']).toBe('yes');
  });

  it('sends a string body as the platform Request would: method case, implied Content-Type, no body on GET', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    await (await safeFetch(`${target.origin}/str`, { method: 'post', body: 'héllo' })).text();
    expect(target.seen.at(-1)).toMatchObject({ method: 'POST', url: '/str', body: 'héllo' });
    expect(target.seen.at(-1)?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(target.seen.at(-1)?.headers['content-length']).toBe(String(Buffer.byteLength('héllo')));
    await (
      await safeFetch(`${target.origin}/json`, {
        method: 'PATCH',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      })
    ).text();
    expect(target.seen.at(-1)).toMatchObject({ method: 'PATCH', body: '{}' });
    expect(target.seen.at(-1)?.headers['content-type']).toBe('application/json');
    const before = target.seen.length;
    await expect(safeFetch(`${target.origin}/get`, { body: 'x' })).rejects.toThrow(TypeError);
    expect(target.seen.length).toBe(before);
  });

  it("sends a caller's Host header as written, still to the checked address (the DNS rebinding check)", async () => {
    const resolver = fakeResolver({ 'evil.example.com': ['10.0.0.1'] });
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, resolve: resolver });
    const headers = { Host: 'evil.example.com', Origin: 'http://evil.example.com', 'x-other': 'kept' };
    await (await safeFetch(`${target.origin}/host`, { method: 'POST', headers, body: '{}' })).text();
    expect(target.seen.at(-1)?.headers).toMatchObject({
      host: 'evil.example.com',
      origin: 'http://evil.example.com',
      'x-other': 'kept',
    });
    // The Host names what is sent, not where: nothing was resolved, the URL's address was connected to.
    expect(resolver.calls).toEqual([]);
    await (await safeFetch(`${target.origin}/plain`)).text();
    expect(target.seen.at(-1)?.headers.host).toBe(`127.0.0.1:${target.port}`);
  });
});

describe('redirects', () => {
  let other: TestServer;
  let redirector: TestServer;
  beforeAll(async () => {
    other = await startServer((req, res) => res.end(`other ${req.method} ${req.url}`));
    redirector = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const status = Number(url.searchParams.get('status') ?? 302);
      const to = url.searchParams.get('to');
      const hops = Number(url.searchParams.get('hops') ?? 0);
      if (url.pathname === '/chain') {
        res.writeHead(302, { location: hops > 0 ? `/chain?hops=${hops - 1}` : '/done' }).end();
      } else if (url.pathname === '/done') {
        res.end(`done ${req.method}`);
      } else if (to) {
        res.writeHead(status, { location: to.replace('{other}', other.origin) }).end();
      } else {
        res.end(`${req.method} ${req.url}`);
      }
    });
  });
  afterAll(async () => {
    await other.close();
    await redirector.close();
  });

  const go = (query: string) => `${redirector.origin}/r?${query}`;

  it.each([
    ['http://10.0.0.1/', 'private_address', 'redirect from 127.0.0.1:'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata', '169.254.169.254 is a cloud metadata address'],
    ['http://[::ffff:a9fe:a9fe]/', 'metadata', 'cloud metadata'],
    ['http://private.test/', 'private_address', 'private.test resolves to a private address'],
    ['file:///etc/passwd', 'scheme', 'file: URLs are not allowed'],
  ])('refuses a redirect from an allowed address to %s', async (to, rule, message) => {
    const safeFetch = safeFetchWith({
      allowPrivateNetworks: DEV,
      resolve: fakeResolver({ 'private.test': ['10.0.0.1'] }),
    });
    const error = await refusal(safeFetch(go(`to=${encodeURIComponent(to)}`)));
    expect(error.rule).toBe(rule);
    expect(error.message).toContain(message);
  });

  it('follows up to maxRedirects hops and refuses one more', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxRedirects: 5 });
    const ok = await safeFetch(`${redirector.origin}/chain?hops=4`); // 5 redirects in all
    expect(await ok.text()).toBe('done GET');
    expect(ok.redirected).toBe(true);
    expect(ok.url).toBe(`${redirector.origin}/done`);
    const error = await refusal(safeFetch(`${redirector.origin}/chain?hops=5`));
    expect(error.rule).toBe('too_many_redirects');
    expect(error.message).toContain('more than 5 redirects');
  });

  it.each([
    [301, 'POST', 'GET', ''],
    [302, 'POST', 'GET', ''],
    [303, 'POST', 'GET', ''],
    [303, 'PUT', 'GET', ''],
    [307, 'POST', 'POST', 'payload'],
    [308, 'PUT', 'PUT', 'payload'],
    [301, 'PUT', 'PUT', 'payload'],
  ])('%i after %s continues as %s', async (status, method, expectedMethod, expectedBody) => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    const response = await safeFetch(go(`status=${status}&to=${encodeURIComponent('/landing')}`), {
      method,
      body: 'payload',
      headers: { 'content-type': 'text/plain' },
    });
    expect(await response.text()).toBe(`${expectedMethod} /landing`);
    const last = redirector.seen.at(-1);
    expect(last?.body).toBe(expectedBody);
    expect(last?.headers['content-type']).toBe(expectedBody ? 'text/plain' : undefined);
  });

  it('drops credentials when the origin changes and keeps them within the origin', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    const headers = {
      authorization: 'Bearer secret',
      cookie: 'session=secret',
      'x-api-key': 'secret',
      'mcp-session-id': 'abc',
      accept: 'application/json',
    };
    await (await safeFetch(go(`to=${encodeURIComponent('/same')}`), { headers })).text();
    expect(redirector.seen.at(-1)?.headers).toMatchObject({ authorization: 'Bearer secret', 'x-api-key': 'secret' });

    const response = await safeFetch(go(`to=${encodeURIComponent('{other}/elsewhere')}`), { headers });
    expect(await response.text()).toBe('other GET /elsewhere');
    const seen = other.seen.at(-1)?.headers ?? {};
    expect(seen.accept).toBe('application/json');
    for (const name of ['authorization', 'cookie', 'x-api-key', 'mcp-session-id']) expect(seen[name]).toBeUndefined();
  });

  it("returns the 3xx as it is with redirect: 'manual' and fails with redirect: 'error'", async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    const manual = await safeFetch(go(`status=307&to=${encodeURIComponent('http://10.0.0.1/')}`), {
      redirect: 'manual',
    });
    expect(manual.status).toBe(307);
    expect(manual.headers.get('location')).toBe('http://10.0.0.1/');
    await expect(safeFetch(go(`to=${encodeURIComponent('/x')}`), { redirect: 'error' })).rejects.toThrow(TypeError);
  });
});

describe('caps and timeouts', () => {
  let big: TestServer;
  beforeAll(async () => {
    big = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const size = Number(url.searchParams.get('size') ?? 0);
      if (url.pathname === '/stall-headers') return; // never answers
      if (url.pathname === '/stall-body') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
        return; // never ends
      }
      if (url.pathname === '/events') {
        const count = Number(url.searchParams.get('count') ?? 1);
        const gapMs = Number(url.searchParams.get('gap') ?? 0);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let sent = 0;
        const send = () => {
          if (sent === count) return res.end();
          res.write(`data: ${'x'.repeat(size)}\n\n`);
          sent += 1;
          setTimeout(send, gapMs);
        };
        return send();
      }
      const chunk = Buffer.alloc(64 * 1024, 'a');
      if (url.pathname === '/sized') res.setHeader('content-length', String(size));
      for (let written = 0; written < size; written += chunk.length) res.write(chunk.subarray(0, size - written));
      res.end();
    });
  });
  afterAll(() => big.close());

  it('refuses a 6 MiB body with a 1 MiB cap as soon as Content-Length says so', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxResponseBytes: MiB });
    const error = await refusal(safeFetch(`${big.origin}/sized?size=${6 * MiB}`));
    expect(error.rule).toBe('response_too_large');
    expect(error.message).toContain(`response body of ${6 * MiB} bytes exceeds ${MiB} bytes`);
  });

  it('stops a chunked 6 MiB body past a 1 MiB cap while reading', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxResponseBytes: MiB });
    const response = await safeFetch(`${big.origin}/chunked?size=${6 * MiB}`);
    expect(response.status).toBe(200);
    const error = await refusal(response.arrayBuffer());
    expect(error.rule).toBe('response_too_large');
    expect(error.message).toContain(`response body exceeded ${MiB} bytes`);
  });

  it('reads a body at the cap', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxResponseBytes: MiB });
    const response = await safeFetch(`${big.origin}/chunked?size=${MiB}`);
    expect((await response.arrayBuffer()).byteLength).toBe(MiB);
  });

  it('caps an event stream per event, not in total', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxResponseBytes: 64 * 1024 });
    const many = await safeFetch(`${big.origin}/events?size=${32 * 1024}&count=8`); // 256 KiB in all
    expect((await many.text()).length).toBeGreaterThan(256 * 1024);
    const huge = await safeFetch(`${big.origin}/events?size=${128 * 1024}&count=1`);
    const error = await refusal(huge.text());
    expect(error.message).toContain(`one server-sent event exceeded ${64 * 1024} bytes`);
  });

  it('caps an event stream in total with maxEventStreamBytes', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxEventStreamBytes: 100 * 1024 });
    const response = await safeFetch(`${big.origin}/events?size=${32 * 1024}&count=8`);
    expect((await refusal(response.text())).message).toContain('event stream exceeded 102400 bytes');
  });

  it('decodes an encoded body as fetch does, and caps the decoded bytes (a gzip bomb stops at the cap)', async () => {
    const json = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'y'.repeat(10_000) } });
    const zipped = await startServer((req, res) => {
      const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size') ?? 0);
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-encoding', req.url?.startsWith('/br') ? 'br' : 'gzip');
      const plain = size > 0 ? Buffer.alloc(size, 'a') : Buffer.from(json);
      res.end(req.url?.startsWith('/br') ? zlib.brotliCompressSync(plain) : zlib.gzipSync(plain));
    });
    try {
      const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, maxResponseBytes: MiB });
      expect(await (await safeFetch(`${zipped.origin}/gzip`)).text()).toBe(json);
      expect(await (await safeFetch(`${zipped.origin}/br`)).text()).toBe(json);
      // No Accept-Encoding is offered, so a server following HTTP sends the body as it is.
      expect(zipped.seen[0]?.headers['accept-encoding']).toBeUndefined();
      const bomb = await safeFetch(`${zipped.origin}/gzip?size=${8 * MiB}`);
      expect((await refusal(bomb.text())).message).toContain(`response body exceeded ${MiB} bytes`);
    } finally {
      await zipped.close();
    }
  });

  it('times out waiting for headers', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, timeoutMs: 200 });
    const started = Date.now();
    const error = await safeFetch(`${big.origin}/stall-headers`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundTimeoutError);
    expect(error).toMatchObject({ code: 'outbound_timeout', phase: 'total', timeoutMs: 200 });
    expect((error as Error).message).toBe(`request to 127.0.0.1:${big.port} timed out after 200 ms`);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('times out connecting, DNS included', async () => {
    const hanging: HostResolver = () => new Promise(() => undefined);
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, resolve: hanging, connectTimeoutMs: 150 });
    const error = await safeFetch('http://slow-dns.test/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundTimeoutError);
    expect(error).toMatchObject({ phase: 'connect', timeoutMs: 150 });
    expect((error as Error).message).toBe('connecting to slow-dns.test timed out after 150 ms');
  });

  it('times out a body that never ends', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, timeoutMs: 300 });
    const response = await safeFetch(`${big.origin}/stall-body`);
    await expect(response.text()).rejects.toBeInstanceOf(OutboundTimeoutError);
  });

  it('lets an event stream outlive the total timeout', async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV, timeoutMs: 150 });
    const response = await safeFetch(`${big.origin}/events?size=10&count=5&gap=100`);
    expect((await response.text()).match(/data: /g)).toHaveLength(5);
  });

  it("rejects with the caller's own abort reason", async () => {
    const safeFetch = safeFetchWith({ allowPrivateNetworks: DEV });
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    setTimeout(() => controller.abort(reason), 100);
    await expect(safeFetch(`${big.origin}/stall-headers`, { signal: controller.signal })).rejects.toBe(reason);
    await expect(safeFetch(`${big.origin}/stall-headers`, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
