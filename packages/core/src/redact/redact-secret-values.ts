/** What a secret value is replaced with in stored text. */
export const SECRET_VALUE_MARKER = '[redacted]';

/**
 * Replaces every occurrence of each secret in every string of `value` (object keys included), at any depth, and
 * returns a copy; `value` itself is not changed. For what a run stores (results' details and transcripts): a server
 * that echoes the bearer token it was sent (in an error, a tool result, a log notification) must not put the token in
 * the database. Secrets shorter than 8 characters are ignored: they cannot be tokens and would mangle ordinary text.
 */
export function redactSecretValues<T>(value: T, secrets: readonly string[]): T {
  // Longest first, so a secret containing a shorter one is masked whole.
  const list = [...new Set(secrets.filter((s) => s.length >= 8))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return value;
  const scrub = (text: string): string => {
    let out = text;
    for (const secret of list) if (out.includes(secret)) out = out.split(secret).join(SECRET_VALUE_MARKER);
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [scrub(k), walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}
