import { describe, expect, it } from 'vitest';
import { badgeErrorResponse, badgeOptionsResponse, badgeResponse, matchesIfNoneMatch } from './badge-response';
import type { BadgeResult } from './serve-cached-badge';

const svg: BadgeResult = { status: 200, format: 'svg', body: '<svg/>', etag: '"abc"', cache: 'hit' };
const request = (headers: Record<string, string> = {}) => new Request('http://x/api/badges/s/k.svg', { headers });

describe('badgeResponse', () => {
  it('sends the bytes with public short caching, a strong ETag, open CORS and nosniff', async () => {
    const response = badgeResponse(request(), svg);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=60',
      etag: '"abc"',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    expect(await response.text()).toBe('<svg/>');
    const json = badgeResponse(request(), { ...svg, format: 'json', body: '{}' });
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.has('content-security-policy')).toBe(false);
  });

  it.each([
    ['"abc"', 304],
    ['W/"abc"', 304],
    ['"old", "abc"', 304],
    ['*', 304],
    ['"old"', 200],
    ['abc', 200],
  ])('If-None-Match %s -> %i', async (header, status) => {
    const response = badgeResponse(request({ 'If-None-Match': header }), svg);
    expect(response.status).toBe(status);
    expect(response.headers.get('etag')).toBe('"abc"');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    if (status === 304) expect(await response.text()).toBe('');
  });

  it('answers 404 with the not-found badge and no ETag, even when If-None-Match is *', async () => {
    const response = badgeResponse(request({ 'If-None-Match': '*' }), {
      ...svg,
      status: 404,
      body: '<svg>not found</svg>',
      cache: 'none',
    });
    expect(response.status).toBe(404);
    expect(response.headers.has('etag')).toBe(false);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('<svg>not found</svg>');
  });
});

describe('matchesIfNoneMatch', () => {
  it('needs a header', () => expect(matchesIfNoneMatch(null, '"a"')).toBe(false));
});

describe('badgeErrorResponse and badgeOptionsResponse', () => {
  it('uses the API error shape, not cached, CORS open', async () => {
    const response = badgeErrorResponse(400, 'invalid badge query', { issues: [{ path: 'style', message: 'bad' }] });
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'invalid badge query',
        details: { issues: [{ path: 'style', message: 'bad' }] },
      },
    });
  });

  it('answers a CORS preflight', () => {
    const response = badgeOptionsResponse();
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('If-None-Match');
  });
});
