import type { z } from 'zod';
import { WebhookValidationError } from './errors';

/** `a.b[0]` from a zod issue path (the API's path format). */
function formatPath(path: readonly PropertyKey[], prefix: string): string {
  let out = prefix;
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out || '(body)';
}

/**
 * Validates a service input against its schema (routes parse first; this keeps the services safe for every other
 * caller). Throws WebhookValidationError naming every field.
 */
export function parseWebhookRequest<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: formatPath(issue.path, prefix),
    message: issue.message,
  }));
  throw new WebhookValidationError(
    `invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}
