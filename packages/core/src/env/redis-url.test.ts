import { describe, expect, it } from 'vitest';
import { clusterRedisUrl, parseRedisUrl } from './redis-url';

describe('parseRedisUrl', () => {
  it.each([
    ['redis://127.0.0.1:6379', { cluster: false, url: 'redis://127.0.0.1:6379' }],
    ['rediss://u:p@r.example:6380/2', { cluster: false, url: 'rediss://u:p@r.example:6380/2' }],
    ['redis+cluster://10.0.0.1:7000', { cluster: true, nodes: [{ host: '10.0.0.1', port: 7000 }], tls: false }],
    [
      'redis+cluster://a:7000, b.example:7001,[::1]:7002/',
      {
        cluster: true,
        nodes: [
          { host: 'a', port: 7000 },
          { host: 'b.example', port: 7001 },
          { host: '::1', port: 7002 },
        ],
        tls: false,
      },
    ],
    [
      'rediss+cluster://:s%40cret@a:7000',
      { cluster: true, nodes: [{ host: 'a', port: 7000 }], password: 's@cret', tls: true },
    ],
    [
      'redis+cluster://app:pw:x@a:7000',
      { cluster: true, nodes: [{ host: 'a', port: 7000 }], username: 'app', password: 'pw:x', tls: false },
    ],
  ])('%s', (url, expected) => {
    expect(parseRedisUrl(url)).toEqual(expected);
  });

  it.each([
    ['http://x', 'must be a redis:// or rediss:// URL'],
    ['redis+cluster://', 'must be a redis:// or rediss:// URL'],
    ['redis+cluster://a', 'cluster node "a" is not host:port'],
    ['redis+cluster://a:7000,b', 'cluster node "b" is not host:port'],
    ['redis+cluster://a:70000', 'cluster node "a:70000" is not host:port'],
    ['redis+cluster://a:7000/0', 'must be a redis:// or rediss:// URL'],
  ])('refuses %s', (url, message) => {
    expect(parseRedisUrl(url)).toEqual({ error: expect.stringContaining(message) });
  });

  it('round-trips the URL clusterRedisUrl builds', () => {
    const nodes = [
      { host: '127.0.0.1', port: 30001 },
      { host: '::1', port: 30002 },
    ];
    expect(parseRedisUrl(clusterRedisUrl(nodes))).toEqual({ cluster: true, nodes, tls: false });
  });
});
