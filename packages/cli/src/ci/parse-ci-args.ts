import { parseArgs } from 'node:util';
import { describeParseError, UsageError } from '../cli-flags';

/** The options of one `mcptest ci`, as given on the command line (the environment fills the gaps later). */
export interface CiArgs {
  /** Base URL of the mcptest service, normalised (no trailing slash, no `/api/v1`). */
  api?: string | undefined;
  suite: string;
  token?: string | undefined;
  /** Seconds to wait for the run to finish. */
  waitSeconds: number;
  junit?: string | undefined;
  markdown?: string | undefined;
  commitSha?: string | undefined;
  branch?: string | undefined;
  idempotencyKey?: string | undefined;
  json: boolean;
  progress: boolean;
  noColor: boolean;
}

export type ParseCiArgsOutcome = { help: true } | { help: false; args: CiArgs };

/** Default and bounds of `--wait`: ten minutes, at most six hours (GitHub's job limit). */
export const DEFAULT_WAIT_SECONDS = 600;
const MAX_WAIT_SECONDS = 6 * 60 * 60;

/** Every flag of `mcptest ci` (the GitHub Action at the repository root has an input per flag; its test checks). */
export const CI_OPTIONS = {
  api: { type: 'string' },
  suite: { type: 'string' },
  token: { type: 'string' },
  wait: { type: 'string' },
  junit: { type: 'string' },
  markdown: { type: 'string' },
  commit: { type: 'string' },
  branch: { type: 'string' },
  'idempotency-key': { type: 'string' },
  json: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The API's base URL from `--api` (or MCPTEST_API_URL): http(s), no credentials, query or fragment; a trailing slash
 * or `/api/v1` is dropped so both `https://mcptest.example.com` and `https://mcptest.example.com/api/v1/` work.
 */
export function normalizeApiUrl(value: string, flag = '--api'): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`${flag} must be an absolute http:// or https:// URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${flag} must be an http:// or https:// URL, not "${value}"`);
  }
  // Said without echoing the URL: the credentials in it are a secret.
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(`${flag} may not carry credentials; pass the token with MCPTEST_TOKEN or --token`);
  }
  if (url.search !== '' || url.hash !== '') throw new UsageError(`${flag} may not have a query or fragment`);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}`;
}

function text(flag: string, value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') throw new UsageError(`--${flag} needs a value`);
  if (trimmed.length > max) throw new UsageError(`--${flag} is longer than ${max} characters`);
  if (CONTROL.test(trimmed)) throw new UsageError(`--${flag} may not contain control characters`);
  return trimmed;
}

function waitSeconds(value: string | undefined): number {
  if (value === undefined) return DEFAULT_WAIT_SECONDS;
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_WAIT_SECONDS) {
    throw new UsageError(`--wait must be a number of seconds from 1 to ${MAX_WAIT_SECONDS}, not "${value}"`);
  }
  return n;
}

/**
 * Parses `mcptest ci`'s arguments (after the command word); throws UsageError naming the flag. `--api` and `--token`
 * may be left out here: the command falls back to MCPTEST_API_URL and MCPTEST_TOKEN.
 */
export function parseCiArgs(argv: readonly string[]): ParseCiArgsOutcome {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: CI_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);

  const suite = values.suite?.trim();
  if (suite === undefined || suite === '') throw new UsageError('--suite ID is required');
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(suite)) {
    throw new UsageError(`--suite must be a suite id (letters, digits, - and _), not "${suite}"`);
  }
  const token = values.token;
  if (token !== undefined && (token.trim() === '' || CONTROL.test(token))) {
    // Not echoed: it is a secret even when malformed.
    throw new UsageError('--token needs a value without spaces or control characters');
  }
  const file = (flag: 'junit' | 'markdown') => {
    const value = values[flag];
    if (value !== undefined && value.trim() === '') throw new UsageError(`--${flag} needs a file name`);
    return value;
  };
  return {
    help: false,
    args: {
      api: values.api === undefined ? undefined : normalizeApiUrl(values.api),
      suite,
      token: token?.trim(),
      waitSeconds: waitSeconds(values.wait),
      junit: file('junit'),
      markdown: file('markdown'),
      commitSha: text('commit', values.commit, 100),
      branch: text('branch', values.branch, 255),
      idempotencyKey: text('idempotency-key', values['idempotency-key'], 255),
      json: values.json ?? false,
      progress: !(values['no-progress'] ?? false),
      noColor: values['no-color'] ?? false,
    },
  };
}
