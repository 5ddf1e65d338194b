// Sign-in links and the URLs the app hands out, over HTTP against the real web app (next dev): magic links follow
// APP_URL, never a forged X-Forwarded-Host or Host (through the sign-in page's server action, which calls Auth.js's
// signIn(), and through Auth.js's own /api/auth route), APP_URL's default follows PORT, and no response may be
// framed. Without SMTP_URL in development the app logs each magic link; the test reads them from the server's output.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '@mcptest/db';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { freePort } from '../mcp-servers';
import { startWebServer, type RunningWeb } from '../web-server';
import { waitFor } from '../worker';

const database = useTestDatabase();
const redis = useTestRedis();
let web: RunningWeb;
let port: number;
/** Where the app is reachable; APP_URL is left unset, so it must default to http://localhost:$PORT. */
let appUrl: string;
/** A suite badge's SVG URL, from the PORT test. */
let svgUrl = '';

beforeAll(async () => {
  web = await startWebServer({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    // Magic links are logged at info; an empty APP_URL counts as unset.
    LOG_LEVEL: 'info',
    APP_URL: '',
    SMTP_URL: '',
  });
  port = Number(new URL(web.url).port);
  appUrl = `http://localhost:${port}`;
}, 600_000);
afterAll(async () => {
  await web?.stop();
});

const FORGED = 'evil.example';

/** A raw HTTP request (fetch cannot send its own Host header) to the web app; resolves with status, headers, body. */
function send(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: pathname, headers: { ...headers, connection: 'close' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.setTimeout(120_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** The magic links logged so far for an address (log-magic-link.ts writes `url` in each line's JSON). */
function loggedLinks(email: string): string[] {
  return web
    .output()
    .split('\n')
    .filter((line) => line.includes(`magic sign-in link for ${email}`))
    .map((line) => (JSON.parse(line.slice(line.indexOf('{'))) as { url: string }).url);
}

async function linkFor(email: string): Promise<string> {
  const links = await waitFor(
    `a logged sign-in link for ${email}`,
    () => Promise.resolve(loggedLinks(email).length > 0 ? loggedLinks(email) : undefined),
    30_000,
  );
  expect(links).toHaveLength(1);
  return links[0] ?? '';
}

/** A magic link at APP_URL (the default, http://localhost:$PORT). */
const callbackLink = () => new RegExp(`^http://localhost:${port}/api/auth/callback/nodemailer\\?`);

/** Forged headers, each way a request can name a host. */
const FORGERIES: [string, Record<string, string>][] = [
  [
    'X-Forwarded-Host and X-Forwarded-Proto',
    { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https', origin: `https://${FORGED}` },
  ],
  ['Host', { host: FORGED, origin: `http://${FORGED}` }],
];

describe('sign-in links', { timeout: 180_000 }, () => {
  it.each(FORGERIES)(
    'the sign-in page server action with a forged %s emails a link to APP_URL',
    async (label, forged) => {
      const page = await send('GET', '/signin', { host: `localhost:${port}` });
      expect(page.status).toBe(200);
      // The email form's server action, as a browser without JavaScript posts it (React's hidden $ACTION_ID_ field).
      const actionField = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(page.body)?.[1];
      expect(actionField, 'the sign-in form has a server action').toBeDefined();
      const email = `victim-${label.length}@example.test`;
      const form = new FormData();
      form.set(actionField!, '');
      form.set('callbackUrl', '/orgs');
      form.set('email', email);
      const encoded = new Response(form);
      const posted = await send(
        'POST',
        '/signin',
        {
          host: `127.0.0.1:${port}`,
          ...forged,
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        Buffer.from(await encoded.arrayBuffer()),
      );
      // A redirect to "check your email" (303 for a form post), at APP_URL as well.
      expect(posted.status, posted.body.slice(0, 500)).toBe(303);
      expect(posted.headers.location ?? '').not.toContain(FORGED);

      expect(await linkFor(email)).toMatch(callbackLink());
      expect(web.output()).not.toContain(`${FORGED}/api/auth`);
    },
  );

  it.each(FORGERIES)(
    'POST /api/auth/signin/nodemailer with a forged %s emails a link to APP_URL',
    async (label, forged) => {
      const csrf = await send('GET', '/api/auth/csrf', { host: `127.0.0.1:${port}`, ...forged });
      expect(csrf.status).toBe(200);
      const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
      const cookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const email = `route-victim-${label.length}@example.test`;
      const asked = await send(
        'POST',
        '/api/auth/signin/nodemailer',
        {
          host: `127.0.0.1:${port}`,
          ...forged,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
        },
        Buffer.from(new URLSearchParams({ email, csrfToken, callbackUrl: '/orgs' }).toString()),
      );
      expect(asked.status, asked.body.slice(0, 500)).toBe(302);
      expect(asked.headers.location ?? '').not.toContain(FORGED);
      expect(await linkFor(email)).toMatch(callbackLink());
    },
  );
});

describe('URLs handed out when PORT is not 3000 and APP_URL is unset', { timeout: 180_000 }, () => {
  it('puts the port in badge URLs, the trigger URL and the run url', async () => {
    const { token } = await createTenant(database.db, { name: 'Ports', ownerEmail: 'ports@example.test' });
    const api = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${web.url}/api/v1${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const text = await response.text();
      expect(response.status, text.slice(0, 500)).toBeLessThan(300);
      return JSON.parse(text) as T;
    };
    expect(port).not.toBe(3000);
    const project = await api<{ id: string }>('POST', '/projects', { name: 'ports' });
    const server = await api<{ id: string }>('POST', `/projects/${project.id}/servers`, {
      name: 'nowhere',
      url: 'http://127.0.0.1:9/mcp',
    });
    const suite = await api<{ id: string; badge: { svgUrl: string; jsonUrl: string } }>(
      'POST',
      `/projects/${project.id}/suites`,
      {
        name: 'ports',
        serverId: server.id,
        yaml: 'assertions:\n  - name: a\n    assert: { tool: echo, expect: { not_error: true } }\n',
      },
    );
    expect(suite.badge.svgUrl).toMatch(new RegExp(`^http://localhost:${port}/api/badges/s/[\\w-]+\\.svg$`));
    expect(suite.badge.jsonUrl).toMatch(new RegExp(`^http://localhost:${port}/api/badges/s/[\\w-]+\\.json$`));
    const trigger = await api<{ url: string }>('POST', `/suites/${suite.id}/trigger-url`, {});
    expect(trigger.url).toMatch(new RegExp(`^http://localhost:${port}/api/v1/triggers/mcptr_`));
    svgUrl = suite.badge.svgUrl;
    // No worker runs here: the run stays queued and the answer carries its url.
    const run = await api<{ id: string; url: string }>('POST', `/suites/${suite.id}/runs`, {});
    expect(run.url).toBe(`${appUrl}/runs/${run.id}`);
  });
});

describe('anti-framing and content security headers', { timeout: 180_000 }, () => {
  it('forbids framing every page and response; pages get the CSP, badges keep theirs and stay images', async () => {
    for (const pathname of ['/signin', '/', '/api/health', '/api/auth/csrf']) {
      const response = await fetch(`${web.url}${pathname}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(120_000),
      });
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, pathname).toContain("frame-ancestors 'none'");
      expect(policy, pathname).toContain("default-src 'self'");
      expect(policy, pathname).toContain("object-src 'none'");
    }
    expect(svgUrl).not.toBe('');
    const badge = await fetch(`${web.url}${new URL(svgUrl).pathname}`, { signal: AbortSignal.timeout(120_000) });
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toContain('image/svg+xml');
    // The badge's own policy (no scripts in an SVG opened directly), not the pages' one.
    expect(badge.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(badge.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('development defaults on a public APP_URL', { timeout: 180_000 }, () => {
  it('the web app refuses to start, naming each problem', async () => {
    const probePort = await freePort();
    const distDir = `.next-test-refused-${probePort}`;
    const child = spawn(path.resolve('node_modules/.bin/next'), ['dev', '-p', String(probePort), '-H', '127.0.0.1'], {
      cwd: path.resolve('apps/web'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        NEXT_TELEMETRY_DISABLED: '1',
        MCPTEST_NEXT_DIST_DIR: distDir,
        PORT: String(probePort),
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        APP_URL: 'https://mcptest.example',
        MCPTEST_DEV_SIGNIN: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).not.toBe(0);
      for (const variable of ['MCPTEST_ENCRYPTION_KEYS', 'AUTH_SECRET', 'MCPTEST_DEV_SIGNIN']) {
        expect(output).toContain(variable);
      }
      expect(output).toContain('APP_URL https://mcptest.example is not a loopback URL');
    } finally {
      child.kill('SIGKILL');
      await rm(path.resolve('apps/web', distDir), { recursive: true, force: true });
    }
  });
});
