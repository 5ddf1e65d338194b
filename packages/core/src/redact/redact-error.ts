const MAX_ERROR_LENGTH = 300;

/**
 * Makes a driver error safe to show on a health endpoint (docs/security.md: health reports whether each service
 * answered, never credentials): a URL carrying credentials (scheme://user:pass@host/...) is removed entirely,
 * `password=...` pairs are masked, and the text is flattened to one line of at most 300 characters. Shared by the web
 * app's /api/health and the worker's /healthz.
 */
export function redactError(message: string): string {
  // Prisma wraps driver errors as "Invalid `prisma.$queryRaw()` invocation: ... Message: `<driver message>`".
  const inner = /Message: `([^`]*)`/.exec(message)?.[1] ?? message;
  const redacted = inner
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s/?#@]*@[^\s'"`<>)]*/gi, '[redacted url]')
    .replace(/\b(password|passwd|pwd|pass)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;&]+)/gi, '$1$2[redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return redacted.length > MAX_ERROR_LENGTH ? `${redacted.slice(0, MAX_ERROR_LENGTH - 1)}…` : redacted;
}
