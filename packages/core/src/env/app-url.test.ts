import { describe, expect, it } from 'vitest';
import { appUrlSchema, defaultAppUrl, isLoopbackUrl } from './app-url';

describe('APP_URL', () => {
  it.each([
    [undefined, 'http://localhost:3000'],
    ['3005', 'http://localhost:3005'],
    ['80', 'http://localhost:80'],
    // An invalid PORT is reported by its own schema; the default does not echo it into a second error.
    ['not-a-port', 'http://localhost:3000'],
  ])('defaults to http://localhost:$PORT (PORT=%s)', (port, url) => {
    expect(defaultAppUrl(port)).toBe(url);
    expect(appUrlSchema({ PORT: port }).parse(undefined)).toBe(url);
  });

  it('keeps a set APP_URL over PORT and drops trailing slashes', () => {
    expect(appUrlSchema({ PORT: '3005' }).parse('https://mcptest.example/')).toBe('https://mcptest.example');
    expect(appUrlSchema({}).safeParse('ftp://x').success).toBe(false);
  });

  it.each([
    ['http://localhost:3000', true],
    ['http://LOCALHOST', true],
    ['http://app.localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.1:3000', true],
    ['http://[::1]:3000', true],
    ['https://mcptest.example', false],
    ['http://10.0.0.5:3000', false],
    ['http://0.0.0.0:3000', false],
    ['http://localhost.example.com', false],
    ['http://127.0.0.1.nip.io', false],
    ['not a url', false],
  ])('%s is loopback: %s', (url, loopback) => {
    expect(isLoopbackUrl(url)).toBe(loopback);
  });
});
