import { describe, expect, it } from 'vitest';
import { checkOAuthEndpointUrl } from './oauth-endpoint-url';

describe('checkOAuthEndpointUrl', () => {
  it.each([
    'https://auth.example.com/token',
    'http://localhost:8080/token',
    'http://app.localhost/token',
    'http://127.0.0.1:9000/token',
    'http://[::1]:9000/token',
  ])('accepts %s', (url) => {
    expect(checkOAuthEndpointUrl(url).ok).toBe(true);
  });

  it.each([
    ['http://auth.example.com/token', /not https/],
    ['http://10.0.0.1/token', /not https/],
    ['http://localhost.example.com/token', /not https/],
    ['ftp://auth.example.com/token', /not https/],
    ['https://user:pw@auth.example.com/token', /credentials/],
    ['https://auth.example.com/token#x', /fragment/],
    ['/token', /not an absolute URL/],
  ])('refuses %s', (url, reason) => {
    const check = checkOAuthEndpointUrl(url);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(reason);
  });
});
