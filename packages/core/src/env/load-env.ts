import { z } from 'zod';
import { parseRedisUrl } from './redis-url';

/** A required-or-invalid environment variable, reported all at once so a misconfigured deploy fails with one message. */
export class EnvError extends Error {
  readonly code = 'invalid_env';
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(
      `Invalid environment:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}\n` +
        'Set these variables (or unset them to use the development defaults; see docs/self-hosting.md).',
    );
    this.name = 'EnvError';
  }
}

/**
 * Parses an environment record with a zod object schema. Pure: it reads nothing itself; each app's one env module
 * passes the record in. Empty strings count as unset, so `FOO=` in a compose file falls back to the default.
 */
export function loadEnv<S extends z.ZodObject>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new EnvError(
    parsed.error.issues.map((issue) => ({
      variable: issue.path.join('.') || '(root)',
      message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message,
    })),
  );
}

/** postgres:// or postgresql:// URL. */
export const PostgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), { message: 'must be a postgres:// or postgresql:// URL' });

/** redis:// or rediss:// URL of one Redis, or redis+cluster:// (rediss+cluster://) seed nodes of a Redis Cluster. */
export const RedisUrl = z.string().superRefine((v, ctx) => {
  const parsed = parseRedisUrl(v);
  if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
});

/** A TCP port number given as a string. */
export const Port = z.coerce
  .number({ message: 'must be a port number' })
  .int({ message: 'must be a port number' })
  .min(1, { message: 'must be between 1 and 65535' })
  .max(65535, { message: 'must be between 1 and 65535' });

/**
 * MCPTEST_ENCRYPTION_KEYS: comma list of `keyId:base64key`, each key 32 bytes. The first entry seals new secrets; the
 * others only open old ones, which is how keys rotate (docs/security.md).
 */
export const EncryptionKeys = z.string().transform((value, ctx) => {
  const keys: { id: string; key: Uint8Array }[] = [];
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const sep = entry.indexOf(':');
    const id = sep > 0 ? entry.slice(0, sep) : '';
    const raw = sep > 0 ? entry.slice(sep + 1) : '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
      ctx.addIssue({ code: 'custom', message: `entry "${entry.slice(0, 12)}…" must look like keyId:base64key` });
      return z.NEVER;
    }
    const key = decodeBase64(raw);
    if (key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: `key "${id}" must be 32 bytes of base64 (openssl rand -base64 32)` });
      return z.NEVER;
    }
    if (keys.some((k) => k.id === id)) {
      ctx.addIssue({ code: 'custom', message: `key id "${id}" appears twice` });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'needs at least one keyId:base64key entry' });
    return z.NEVER;
  }
  return keys;
});

/**
 * Strict base64 to bytes with the web-standard `atob` (packages/core avoids Node's Buffer); anything that is not
 * base64 decodes to no bytes, which the 32-byte check then reports.
 */
function decodeBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** Comma list of CIDRs (validated loosely here; packages/mcp's SSRF guard parses them strictly). */
export const CidrList = z.string().transform((value, ctx) => {
  const list = value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  for (const cidr of list) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(cidr)) {
      ctx.addIssue({ code: 'custom', message: `"${cidr}" is not a CIDR like 10.0.0.0/8 or fd00::/8` });
      return z.NEVER;
    }
  }
  return list;
});

/** A variable holding JSON, parsed (pipe it into the schema of what the JSON must be). */
export const JsonText = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `is not JSON: ${(error as Error).message}` });
    return z.NEVER;
  }
});
