// The Auth.js config served by /api/auth, driven through @auth/core's Auth() (what next-auth's route handler calls)
// against real Postgres. Not through route.ts itself: next-auth imports "next/server" without an extension, which
// Node's ESM loader refuses unless vitest inlines next-auth (server.deps.inline).
import { Auth } from '@auth/core';
import { PrismaAdapter } from '@auth/prisma-adapter';
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { buildAuthConfig, type AuthEnv } from './build-auth-config';

const testDb = useTestDatabase();
const BASE = 'http://localhost:3000/api/auth';

const ENV: AuthEnv = {
  devDefaults: true,
  AUTH_SECRET: 'test-secret-test-secret-test-secret!',
  AUTH_GITHUB_ID: undefined,
  AUTH_GITHUB_SECRET: undefined,
  SMTP_URL: undefined,
  EMAIL_FROM: 'mcptest <noreply@localhost>',
  MCPTEST_DEV_SIGNIN: false,
};

function handler(env: Partial<AuthEnv> = {}, logger = { info: vi.fn() }) {
  const adapter = PrismaAdapter(testDb.db.global as unknown as Parameters<typeof PrismaAdapter>[0]);
  const config = buildAuthConfig({ env: { ...ENV, ...env }, adapter, logger });
  return (request: Request) => Auth(request, config);
}

/** `name=value` pairs of the Set-Cookie headers of a response, ready for a Cookie header. */
function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
}

function post(path: string, cookies: string[], fields: Record<string, string>): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams(fields),
  });
}

async function csrf(auth: (r: Request) => Promise<Response>) {
  const response = await auth(new Request(`${BASE}/csrf`));
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookies: cookiesOf(response) };
}

describe('/api/auth with our config', () => {
  it('lists the configured providers', async () => {
    const all = handler({ AUTH_GITHUB_ID: 'gh-id', AUTH_GITHUB_SECRET: 'gh-secret', MCPTEST_DEV_SIGNIN: true });
    const response = await all(new Request(`${BASE}/providers`));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, { id: string; type: string }>;
    expect(Object.values(body).map((p) => [p.id, p.type])).toEqual([
      ['nodemailer', 'email'],
      ['github', 'oauth'],
      ['dev', 'credentials'],
    ]);

    const plain = (await (await handler()(new Request(`${BASE}/providers`))).json()) as Record<string, unknown>;
    expect(Object.keys(plain)).toEqual(['nodemailer']);
    // Production without SMTP has nowhere to send a link.
    const prod = handler({ devDefaults: false, AUTH_GITHUB_ID: 'i', AUTH_GITHUB_SECRET: 's' });
    expect(Object.keys((await (await prod(new Request(`${BASE}/providers`))).json()) as object)).toEqual(['github']);
  });

  it('logs the magic link when no SMTP is configured, and the link signs in', async () => {
    const logger = { info: vi.fn() };
    const auth = handler({}, logger);
    const { csrfToken, cookies } = await csrf(auth);
    const asked = await auth(post('/signin/nodemailer', cookies, { email: 'link@example.com', csrfToken }));
    expect(asked.status).toBe(302);
    // Auth.js's verify-request step, which our pages.verifyRequest turns into /signin?…&type=email ("check your email").
    expect(asked.headers.get('location')).toBe(`${BASE}/verify-request?provider=nodemailer&type=email`);
    const verify = await auth(new Request(asked.headers.get('location')!));
    expect(verify.headers.get('location')).toMatch(/\/signin\?provider=nodemailer&type=email$/);
    expect(logger.info).toHaveBeenCalledTimes(1);
    const [fields, message] = logger.info.mock.calls[0] as [{ email: string; url: string }, string];
    expect(fields.email).toBe('link@example.com');
    expect(fields.url).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\/nodemailer\?/);
    expect(message).toContain(fields.url);

    const followed = await auth(new Request(fields.url, { headers: { cookie: cookies.join('; ') } }));
    expect(followed.status).toBe(302);
    const session = cookiesOf(followed).find((c) => c.startsWith('authjs.session-token='));
    const user = await testDb.db.global.user.findUniqueOrThrow({ where: { email: 'link@example.com' } });
    expect(user.emailVerified).toBeInstanceOf(Date);
    const body = await (await auth(new Request(`${BASE}/session`, { headers: { cookie: session! } }))).json();
    expect(body).toMatchObject({ user: { id: user.id, email: 'link@example.com' } });
  });

  it('signs in with the development form (CSRF checked) into a database session, and signs out', async () => {
    const auth = handler({ MCPTEST_DEV_SIGNIN: true });
    const { csrfToken, cookies } = await csrf(auth);

    // Without the CSRF token: no session.
    const forged = await auth(post('/callback/dev', cookies, { email: 'e2e@example.com' }));
    expect(cookiesOf(forged).some((c) => /^authjs\.session-token=.+/.test(c))).toBe(false);
    expect(await testDb.db.global.user.count({ where: { email: 'e2e@example.com' } })).toBe(0);

    const signedIn = await auth(post('/callback/dev', cookies, { email: 'e2e@example.com', csrfToken }));
    expect(signedIn.status).toBe(302);
    const sessionCookie = cookiesOf(signedIn).find((c) => c.startsWith('authjs.session-token='));
    expect(sessionCookie).toBeDefined();

    // The cookie names a Session row (database strategy), not a JWT.
    const sessionToken = sessionCookie!.slice('authjs.session-token='.length);
    const user = await testDb.db.global.user.findUniqueOrThrow({ where: { email: 'e2e@example.com' } });
    expect((await testDb.db.global.session.findUnique({ where: { sessionToken } }))?.userId).toBe(user.id);

    const session = await auth(new Request(`${BASE}/session`, { headers: { cookie: sessionCookie! } }));
    expect(await session.json()).toEqual({
      user: { id: user.id, name: 'e2e', email: 'e2e@example.com', image: null },
      expires: expect.any(String),
    });

    const signOut = await auth(post('/signout', [...cookies, sessionCookie!], { csrfToken }));
    expect(signOut.status).toBe(302);
    expect(await testDb.db.global.session.findUnique({ where: { sessionToken } })).toBeNull();
  });

  it('has no development sign-in unless enabled', async () => {
    const auth = handler();
    const { csrfToken, cookies } = await csrf(auth);
    const response = await auth(post('/callback/dev', cookies, { email: 'nobody@example.com', csrfToken }));
    expect(cookiesOf(response).some((c) => /^authjs\.session-token=.+/.test(c))).toBe(false);
    expect(await testDb.db.global.user.count({ where: { email: 'nobody@example.com' } })).toBe(0);
  });
});
