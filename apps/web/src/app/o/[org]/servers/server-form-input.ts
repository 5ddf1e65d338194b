import { SsrfRefusedError } from '@mcptest/mcp';
import { z } from 'zod';
import { ApiError, type ErrorDetail } from '@/server/api/api-error';
import { formatIssuePath } from '@/server/api/to-error-response';
import { CreateServerRequest } from '@/server/services/servers/server-schemas';

/** A form value that may repeat (header rows): one string or several. */
const Repeated = z.union([z.string(), z.array(z.string())]).optional();
const toList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** The fields of the register form as the browser sends them; the service's schema checks them after. */
export const ServerFormFields = z.object({
  name: z.string().default(''),
  url: z.string().default(''),
  transport: z.string().default('auto'),
  protocol: z.string().default('auto'),
  headerName: Repeated,
  headerValue: Repeated,
});
export type ServerFormFields = z.infer<typeof ServerFormFields>;

/**
 * The register form as a CreateServerRequest. Header rows come as parallel `headerName`/`headerValue` lists; blank
 * rows are ignored. Problems are a validation_failed whose paths are the form's field names (`url`, `headers[1]`), so
 * each message lands next to its row instead of on a header name the person may not see.
 */
export function serverRequestFromForm(fields: ServerFormFields): CreateServerRequest {
  const names = toList(fields.headerName);
  const values = toList(fields.headerValue);
  const details: ErrorDetail[] = [];
  const headers: Record<string, string> = {};
  const rowOf = new Map<string, number>();
  for (let i = 0; i < Math.max(names.length, values.length); i += 1) {
    const name = (names[i] ?? '').trim();
    const value = values[i] ?? '';
    if (name === '' && value === '') continue;
    if (name === '') details.push({ path: `headers[${i}]`, message: 'enter the header’s name' });
    else if (value === '') details.push({ path: `headers[${i}]`, message: `enter a value for ${name}` });
    else {
      headers[name] = value;
      rowOf.set(name, i);
    }
  }
  const parsed = CreateServerRequest.safeParse({
    name: fields.name,
    url: fields.url,
    transport: fields.transport,
    protocol: fields.protocol,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  });
  if (parsed.success && details.length === 0) return parsed.data;
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [field, headerName] = issue.path;
    const row = field === 'headers' && typeof headerName === 'string' ? rowOf.get(headerName) : undefined;
    details.push({ path: row === undefined ? formatIssuePath(issue.path) : `headers[${row}]`, message: issue.message });
  }
  throw new ApiError('validation_failed', 'check the highlighted fields', details);
}

/**
 * Runs a service call that checks a URL and puts a refusal (`url_refused`, naming the rule) on the form's `url` field:
 * the service's error carries the rule but not in the per-field shape forms read.
 */
export async function withUrlOnField<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const refused =
      (error instanceof ApiError && error.code === 'url_refused') || error instanceof SsrfRefusedError
        ? (error as Error)
        : undefined;
    if (!refused) throw error;
    throw new ApiError('url_refused', refused.message, [{ path: 'url', message: refused.message }]);
  }
}
