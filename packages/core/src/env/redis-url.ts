/**
 * REDIS_URL's two forms. `redis://` / `rediss://` is one Redis (ioredis parses it). `redis+cluster://` /
 * `rediss+cluster://` selects Redis Cluster: `[user[:password]@]host:port[,host:port...]`, the seed nodes ioredis'
 * Cluster client asks for the slot map (one is enough; more survive one being down). The mode lives in the URL, not a
 * second variable, so every place that hands REDIS_URL to a process (the test harnesses, the benchmarks) carries it.
 */
export type ParsedRedisUrl =
  | { cluster: false; url: string }
  | {
      cluster: true;
      nodes: { host: string; port: number }[];
      username?: string;
      password?: string;
      tls: boolean;
    };

const CLUSTER = /^(rediss?)\+cluster:\/\/(?:([^@/]*)@)?([^/?#@]+)\/?$/;
const NODE = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/** The parsed URL, or a message saying what is wrong with it. */
export function parseRedisUrl(url: string): ParsedRedisUrl | { error: string } {
  if (/^rediss?:\/\/.+/.test(url)) return { cluster: false, url };
  const match = CLUSTER.exec(url);
  if (!match) return { error: 'must be a redis:// or rediss:// URL, or redis+cluster://host:port[,host:port...]' };
  const [, scheme, auth, hosts] = match;
  const nodes: { host: string; port: number }[] = [];
  for (const node of hosts!.split(',')) {
    const parsed = NODE.exec(node.trim());
    const port = Number(parsed?.[2]);
    if (!parsed || port < 1 || port > 65535) return { error: `cluster node "${node}" is not host:port` };
    nodes.push({ host: parsed[1]!.replace(/^\[|\]$/g, ''), port });
  }
  let username: string | undefined;
  let password: string | undefined;
  if (auth !== undefined && auth !== '') {
    const colon = auth.indexOf(':');
    const [user, pass] = colon === -1 ? [auth, undefined] : [auth.slice(0, colon), auth.slice(colon + 1)];
    // As in redis://: `redis+cluster://:secret@...` is a password alone, `user:secret@` an ACL user.
    if (pass === undefined) password = decodeURIComponent(user);
    else {
      if (user !== '') username = decodeURIComponent(user);
      password = decodeURIComponent(pass);
    }
  }
  return {
    cluster: true,
    nodes,
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    tls: scheme === 'rediss',
  };
}

/** The `redis+cluster://` URL of these nodes (tests and benchmarks build theirs with it). */
export function clusterRedisUrl(nodes: readonly { host: string; port: number }[]): string {
  return `redis+cluster://${nodes.map((n) => `${n.host.includes(':') ? `[${n.host}]` : n.host}:${n.port}`).join(',')}`;
}
