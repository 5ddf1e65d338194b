// Issue 15, list item 10: opened at http://127.0.0.1:<port>, `next dev` refused its own scripts and reload socket to
// the page (Next's allowedDevOrigins), so it never hydrated. next.config.ts's list goes through Next's own check here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
type Check = (req: IncomingMessage, res: ServerResponse, allowed: string[] | undefined, hostname?: string) => boolean;
/** Next's internal check that `next dev` runs on every request (a module path as a value: it has no declarations). */
const NEXT_CHECK: string = 'next/dist/server/lib/router-utils/block-cross-site-dev.js';
let check: Check;
beforeAll(async () => {
  check = ((await import(NEXT_CHECK)) as { blockCrossSiteDEV: Check }).blockCrossSiteDEV;
});

async function allowedDevOrigins(appUrl?: string): Promise<string[]> {
  vi.stubEnv('APP_URL', appUrl ?? '');
  vi.resetModules();
  const { default: config } = await import('../../../next.config');
  return config('phase-development-server').allowedDevOrigins ?? [];
}

/** Whether `next dev` (started without -H, as `npm run dev` was) blocks a script request from a page at `origin`. */
function blocked(allowed: string[], origin: string): boolean {
  const req = { url: '/_next/static/chunks/main.js', headers: { origin } } as unknown as IncomingMessage;
  const res = { statusCode: 200, end: () => {} } as unknown as ServerResponse;
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    return check(req, res, allowed, undefined);
  } finally {
    warn.mockRestore();
  }
}

afterEach(() => vi.unstubAllEnvs());

describe('allowedDevOrigins', () => {
  it('lets pages opened at 127.0.0.1, [::1] and localhost load the dev server’s scripts', async () => {
    const allowed = await allowedDevOrigins();
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
      expect(blocked(allowed, origin), origin).toBe(false);
    }
    // Next's check is real: without the list, 127.0.0.1 is refused (the issue) and other sites always are.
    expect(blocked([], 'http://127.0.0.1:3000')).toBe(true);
    expect(blocked(allowed, 'http://evil.example')).toBe(true);
  });

  it('adds APP_URL’s host (a LAN name a developer serves the dev server under)', async () => {
    const allowed = await allowedDevOrigins('http://devbox.lan:3000');
    expect(blocked(allowed, 'http://devbox.lan:3000')).toBe(false);
  });
});
