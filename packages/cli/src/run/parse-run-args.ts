import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ProtocolChoice } from '@mcptest/core';
import { describeParseError, parseHeaderFlags, parseProtocolFlag, UsageError } from '../cli-flags';

/** The options of one `mcptest run`, validated. */
export interface RunArgs {
  /** Suite files and directories, as given. */
  paths: string[];
  /** Replaces every assertion's server. */
  url?: string | undefined;
  transport: 'auto' | 'http' | 'sse';
  /** `--protocol`: the era or revision of every session, over the suites' `protocol:`; absent: theirs (else auto). */
  protocol?: ProtocolChoice;
  /** `--header` values by name; a repeated name keeps the last value. */
  headers: Record<string, string>;
  /** Absolute fixture directory (`{{fixture}}`), overriding each suite's `fixture:`. */
  fixture?: string | undefined;
  trials: number;
  executeDestructive: boolean;
  maxCalls?: number | undefined;
  concurrency?: number | undefined;
  callDelayMs?: number | undefined;
  json: boolean;
  junit?: string | undefined;
  markdown?: string | undefined;
  badge?: string | undefined;
  baseline?: string | undefined;
  saveBaseline?: string | undefined;
  updateSnapshots: boolean;
  session: 'per-assertion' | 'shared';
  /** `--no-color`: plain progress and report whatever the terminal and NO_COLOR / FORCE_COLOR say. */
  noColor: boolean;
}

export type ParseRunArgsOutcome =
  { ok: true; help: true } | { ok: true; help: false; args: RunArgs } | { ok: false; message: string };

const OPTIONS = {
  url: { type: 'string' },
  transport: { type: 'string' },
  protocol: { type: 'string' },
  header: { type: 'string', multiple: true },
  fixture: { type: 'string' },
  trials: { type: 'string' },
  'execute-destructive': { type: 'boolean' },
  'max-calls': { type: 'string' },
  concurrency: { type: 'string' },
  'call-delay': { type: 'string' },
  json: { type: 'boolean' },
  junit: { type: 'string' },
  markdown: { type: 'string' },
  badge: { type: 'string' },
  baseline: { type: 'string' },
  'save-baseline': { type: 'string' },
  'update-snapshots': { type: 'boolean' },
  session: { type: 'string' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Bounds of the numeric flags; concurrency and call delay match the ExecPolicy schema's. */
const INT_FLAGS = {
  trials: { min: 1, max: 1000 },
  'max-calls': { min: 1, max: Number.MAX_SAFE_INTEGER },
  concurrency: { min: 1, max: 32 },
  'call-delay': { min: 0, max: 60_000 },
} as const;

function intFlag(name: keyof typeof INT_FLAGS, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const { min, max } = INT_FLAGS[name];
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
    throw new UsageError(`--${name} must be ${range}, not "${value}"`);
  }
  return n;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be ${allowed.join(', ').replace(/, ([^,]*)$/, ' or $1')}, not "${value}"`);
}

function parseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an absolute http:// or https:// URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url must be an http:// or https:// URL, not "${value}"`);
  }
  return url.href;
}

function outputFile(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`--${flag} needs a file name`);
  return value;
}

/**
 * Parses `mcptest run`'s arguments (after the command word). Every bad value comes back as a message naming the flag;
 * the caller prints it with the usage and exits 2. `cwd` resolves `--fixture` to an absolute directory.
 */
export function parseRunArgs(argv: readonly string[], cwd: string): ParseRunArgsOutcome {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return { ok: false, message: describeParseError(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, help: true };
  try {
    if (positionals.length === 0) throw new UsageError('no suite files or directories given');
    const url = parseUrl(values.url);
    if (url === undefined && values.transport !== undefined) {
      throw new UsageError('--transport applies to --url; give the transport of a suite server in its server: block');
    }
    const protocol = parseProtocolFlag(values.protocol);
    const fixture = values.fixture;
    if (fixture !== undefined && fixture.trim() === '') throw new UsageError('--fixture needs a directory');
    const badge = outputFile('badge', values.badge);
    if (badge !== undefined && !/\.(svg|json)$/i.test(badge)) {
      throw new UsageError(`--badge must name a .svg (image) or .json (shields.io endpoint) file, not "${badge}"`);
    }
    const args: RunArgs = {
      paths: positionals,
      url,
      transport: oneOf('transport', values.transport, ['auto', 'http', 'sse'], 'auto'),
      ...(protocol === undefined ? {} : { protocol }),
      headers: parseHeaderFlags(values.header),
      fixture: fixture === undefined ? undefined : path.resolve(cwd, fixture),
      trials: intFlag('trials', values.trials) ?? 1,
      executeDestructive: values['execute-destructive'] ?? false,
      maxCalls: intFlag('max-calls', values['max-calls']),
      concurrency: intFlag('concurrency', values.concurrency),
      callDelayMs: intFlag('call-delay', values['call-delay']),
      json: values.json ?? false,
      junit: outputFile('junit', values.junit),
      markdown: outputFile('markdown', values.markdown),
      badge,
      baseline: outputFile('baseline', values.baseline),
      saveBaseline: outputFile('save-baseline', values['save-baseline']),
      updateSnapshots: values['update-snapshots'] ?? false,
      session: oneOf('session', values.session, ['per-assertion', 'shared'], 'per-assertion'),
      noColor: values['no-color'] ?? false,
    };
    return { ok: true, help: false, args };
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, message: error.message };
    throw error;
  }
}
