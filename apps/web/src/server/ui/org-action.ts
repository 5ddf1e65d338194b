import { revalidatePath } from 'next/cache';
import { type z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { SUBMISSION_KEY_FIELD } from '@/lib/submission-key';
import { ApiError, type ErrorDetail } from '@/server/api/api-error';
import { rateLimitedError } from '@/server/api/rate-limited-error';
import { findUnstorableText } from '@/server/api/find-unstorable-text';
import { toErrorPayload } from '@/server/api/to-error-response';
import { getSessionActor } from '@/server/auth/get-session-actor';
import { withRole, type OrgContext } from '@/server/orgs/authorize';
import { roleFor, type Operation } from '@/server/services/permissions';
import { getLogger } from '@/server/logger';
import { getServiceDeps } from '@/server/services/get-service-deps';
import type { ServiceDeps } from '@/server/services/service-deps';
import { env } from '@/env';
import { runOnce, takeSubmissionKey } from './run-once';

/** Form fields as a plain object: a name sent more than once (checkboxes) becomes an array; `$ACTION_*` keys dropped. */
export function formToObject(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith('$ACTION')) continue;
    const values = form.getAll(key).filter((v): v is string => typeof v === 'string');
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/**
 * Throws a validation_failed naming the first field (by its form name) whose name or value holds text the database
 * cannot store (a NUL; browsers send no lone surrogates in forms, but the live actions' plain arguments may hold
 * them). Without this check such text reached Postgres and the form showed an internal error (fuzzing found it). It
 * looks at nothing but the text, so its answer is the same in every organization and for a non-member.
 */
export function refuseUnstorableFields(fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) {
    const problem = findUnstorableText([name, value]);
    if (problem) {
      throw new ApiError('validation_failed', `${name}: ${problem.message}`, [
        { path: name, message: problem.message },
      ]);
    }
  }
}

/** Turns whatever a service threw into the form's error state (field messages from zod paths or API details). */
export function toActionError(error: unknown): ActionState<never> {
  const payload = toErrorPayload(error);
  if (payload.unexpected) getLogger(env().LOG_LEVEL).error({ err: error }, 'UI action failed');
  const fields: Record<string, string> = {};
  const positions: { line: number; column: number; message: string; path?: string }[] = [];
  // Details are a list of field problems, or one object (a refused URL: `{rule, path}`) that may name its field.
  const details = Array.isArray(payload.details)
    ? (payload.details as ErrorDetail[])
    : typeof (payload.details as { path?: unknown } | undefined)?.path === 'string'
      ? [{ ...(payload.details as ErrorDetail), message: payload.message }]
      : [];
  {
    for (const detail of details) {
      // API paths say where in the request ("body.url", "query.status"); a form only knows the field.
      const field = String(detail.path ?? '').replace(/^(body|query)\./, '');
      if (field && !(field in fields)) fields[field] = detail.message;
      if (typeof detail.line === 'number') {
        positions.push({ line: detail.line, column: detail.column ?? 1, message: detail.message, path: detail.path });
      }
    }
  }
  return {
    ok: false,
    error: { code: payload.code, message: payload.message, fields, ...(positions.length ? { positions } : {}) },
  };
}

/**
 * How an action is rate-limited like the API (the same Redis limiters, `deps.rateLimits`): `outbound` for actions that
 * send requests to a tenant's server (test connection, discover), `trigger` for those that start a run (also counted
 * against the tenant's trigger limit). The signed-in user counts like an API token of their own, and the tenant's limit
 * is shared with its tokens. Other actions only touch our own database and are not limited here.
 */
export type UiRateLimit = 'outbound' | 'trigger';

/** Takes one point for a UI action from the user's and the tenant's allowance; a refusal is the API's 429 error. */
async function consumeUiRateLimit(context: OrgContext<ServiceDeps>, kind: UiRateLimit): Promise<void> {
  const limited = await context.deps.rateLimits.consume({
    tenantId: context.actor.tenantId,
    tokenId: `user:${context.user.userId}`,
    trigger: kind === 'trigger',
  });
  if (!limited.ok) throw rateLimitedError(limited, 'user');
}

/**
 * THE wrapper of UI server actions: the form carries `org` (slug or id); the signed-in user must hold the least role
 * of `operation` there (services/permissions.ts: the same table gives the REST API's scope for it, so the UI and the
 * API cannot disagree; checked through `withRole`, as pages are); the rest of the form is parsed with `schema`; then,
 * for actions that reach out (`options.rateLimit`), one point is taken from the API's rate limits; then `fn` calls one
 * service function with the actor. Errors come back as ActionState for the form to show (never thrown to an error
 * page; a refused rate limit is `rate_limited` with the wait), and the organization's pages are revalidated after a
 * success. `fn` may call `redirect()`, which propagates. A form that carries a submission key (SubmitButton adds one)
 * runs once per key: a repeat gets the first one's answer (runOnce), so a double submit creates nothing twice.
 *
 * Use it from a 'use server' module as `export async function createX(prev, form) { return createXAction(prev, form); }`.
 */
export function orgAction<S extends z.ZodType, R>(
  operation: Operation,
  schema: S,
  fn: (context: OrgContext<ServiceDeps>, input: z.output<S>) => Promise<R>,
  options: { rateLimit?: UiRateLimit } = {},
): (previous: ActionState<R>, form: FormData) => Promise<ActionState<R>> {
  const { rateLimit } = options;
  const limited = rateLimit
    ? async (context: OrgContext<ServiceDeps>, input: z.output<S>) => {
        await consumeUiRateLimit(context, rateLimit);
        return fn(context, input);
      }
    : fn;
  const guarded = withRole<ServiceDeps, [z.output<S>], R>(roleFor(operation), limited);
  const run = async (session: { userId: string; email?: string | null }, form: FormData): Promise<ActionState<R>> => {
    let org: string;
    let result: R;
    try {
      // The browser sends a FormData; a hand-made request may send any value in its place (by shape, not instanceof:
      // the FormData class of the runtime decoding the request is not necessarily this module's global one).
      const maybe = form as Partial<FormData> | null | undefined;
      if (typeof maybe?.getAll !== 'function' || typeof maybe.keys !== 'function') {
        throw new ApiError('bad_request', 'send the form as form data');
      }
      const { org: named, ...fields } = takeSubmissionKey(formToObject(form)).fields;
      refuseUnstorableFields({ org: named, ...fields });
      if (typeof named !== 'string' || named === '') {
        const message = 'the form does not name its organization (one org field)';
        throw new ApiError('bad_request', message, [{ path: 'org', message }]);
      }
      org = named;
      const input = schema.parse(fields);
      result = await guarded(getServiceDeps(), { userId: session.userId, email: session.email ?? '' }, org, input);
    } catch (error) {
      if (isNextControlFlow(error)) throw error;
      return toActionError(error);
    }
    revalidatePath(`/o/${org}`, 'layout');
    return { ok: true, data: result };
  };
  return async (_previous, form) => {
    const session = await getSessionActor();
    if (!session) return { ok: false, error: { code: 'unauthorized', message: 'sign in again', fields: {} } };
    const key = typeof form?.get === 'function' ? form.get(SUBMISSION_KEY_FIELD) : null;
    if (key === null) return run(session, form);
    try {
      return await runOnce(
        getServiceDeps(),
        { userId: session.userId, operation },
        key,
        () => run(session, form),
        (state) => state?.ok === true,
      );
    } catch (error) {
      if (isNextControlFlow(error)) throw error;
      return toActionError(error);
    }
  };
}

/** redirect() and notFound() work by throwing; they must reach Next untouched. */
function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown })?.digest;
  return typeof digest === 'string' && /^NEXT_(REDIRECT|HTTP_ERROR_FALLBACK|NOT_FOUND)/.test(digest);
}
