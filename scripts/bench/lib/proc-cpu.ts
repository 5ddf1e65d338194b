// CPU time of other processes, read from Linux's /proc: what the scale benchmark adds up for the parts it does not
// start itself with a probe (redis-server, Postgres backends). Elsewhere (no /proc) every figure is undefined.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticks: number | undefined;

/** Clock ticks per second of /proc's CPU counters (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
function ticksPerSecond(): number {
  if (ticks === undefined) {
    const read = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    ticks = Number.isFinite(read) && read > 0 ? read : 100;
  }
  return ticks;
}

/** User + system CPU time the process has used, in milliseconds; undefined when it is gone (or there is no /proc). */
export function processCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one. Fields 14
  // and 15 (utime, stime) are then the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return ((utime + stime) * 1000) / ticksPerSecond();
}

/**
 * CPU time of each Postgres backend serving `database`, by pid: a backend's command line is
 * `postgres: <cluster>: <user> <database> <client> <state>`. Only backends alive now are seen, so a caller comparing
 * two readings counts one that started in between from zero and misses one that ended (pooled connections rarely do).
 */
export function postgresBackendsCpuMs(database: string): Map<number, number> {
  const found = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const name of pids) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (!cmdline.startsWith('postgres: ')) continue;
    if (!cmdline.split(' ').includes(database)) continue;
    const ms = processCpuMs(Number(name));
    if (ms !== undefined) found.set(Number(name), ms);
  }
  return found;
}

/** CPU milliseconds the backends used between two readings (a backend new in `after` counts from zero). */
export function backendsCpuDeltaMs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
