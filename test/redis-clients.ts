// How many Redis connections this process holds, as Redis sees them (CLIENT LIST), whatever other test files running
// at the same time hold: a client counts when its address is a local TCP socket of this process (Linux /proc).
import { readdir, readFile, readlink } from 'node:fs/promises';
import { isCluster, type Redis } from '@mcptest/redis';

/** Local ports of this process's TCP sockets. */
async function ownLocalPorts(): Promise<Set<number>> {
  const inodes = new Set<string>();
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match) inodes.add(match[1]!);
  }
  const ports = new Set<number>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const local = columns[1];
      const inode = columns[9];
      if (local && inode && inodes.has(inode)) ports.add(parseInt(local.split(':').at(-1)!, 16));
    }
  }
  return ports;
}

/** The CLIENT LIST entries (`name` and `addr`) whose peer is this process; on a Cluster, of every primary. */
export async function ownRedisClients(redis: Redis): Promise<{ name: string; addr: string }[]> {
  // CLIENT LIST through a Cluster connection answers for one node; each primary has its own clients.
  if (isCluster(redis)) await redis.ping();
  const nodes = isCluster(redis) ? redis.nodes('master') : [redis];
  const list = (await Promise.all(nodes.map((node) => node.client('LIST') as Promise<string>))).join('\n');
  const ports = await ownLocalPorts();
  return list
    .split('\n')
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split(' ').map((pair) => pair.split('=', 2) as [string, string])))
    .filter((client) => ports.has(Number(client.addr?.split(':').at(-1))))
    .map((client) => ({ name: client.name ?? '', addr: client.addr ?? '' }));
}
