// Opening this machine's app under another loopback name goes to APP_URL, where sign-in cookies live; nothing else moves.
import { describe, expect, it } from 'vitest';
import { loopbackAliasRedirect } from './loopback-alias-redirect';

const page = new URL('http://127.0.0.1:3000/o/acme/suites/s1?tab=runs');

describe('loopbackAliasRedirect', () => {
  it('sends 127.0.0.1 and [::1] to a localhost APP_URL, path and query kept', () => {
    expect(loopbackAliasRedirect('http://localhost:3000', page, '127.0.0.1:3000')?.href).toBe(
      'http://localhost:3000/o/acme/suites/s1?tab=runs',
    );
    expect(loopbackAliasRedirect('http://localhost:3000', page, '[::1]:3000')?.href).toBe(
      'http://localhost:3000/o/acme/suites/s1?tab=runs',
    );
    expect(loopbackAliasRedirect('http://127.0.0.1:4000', page, 'localhost:4000')?.host).toBe('127.0.0.1:4000');
  });

  it('leaves APP_URL itself, public deployments and non-loopback names alone', () => {
    expect(loopbackAliasRedirect('http://localhost:3000', page, 'localhost:3000')).toBeUndefined();
    expect(loopbackAliasRedirect('http://localhost:3000', page, 'LOCALHOST:3000')).toBeUndefined();
    expect(loopbackAliasRedirect('https://mcptest.example', page, '127.0.0.1:3000')).toBeUndefined();
    expect(loopbackAliasRedirect('http://localhost:3000', page, 'evil.example')).toBeUndefined();
    expect(loopbackAliasRedirect('http://localhost:3000', page, null)).toBeUndefined();
  });
});
