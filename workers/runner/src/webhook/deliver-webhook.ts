import { secretContext } from '@mcptest/db';
import { SsrfRefusedError } from '@mcptest/mcp';
import { webhookJobId, type JobContext, type JobPayload } from '@mcptest/redis';
import { computeRetryDelay, parseRetryAfter } from './compute-retry-delay';
import { readResponseExcerpt } from './read-response-excerpt';
import { signWebhook } from './sign-webhook';
import type { WebhookDeps } from './webhook-settings';

/** Bytes of a receiver's response body we read at most (and store as the excerpt). */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** A job may run this much ahead of `nextAttemptAt` (clocks of the machine that scheduled it and of this one). */
const DUE_SLACK_MS = 1000;
/** Past the attempt's own timeout, how long a claimed attempt is protected from being claimed again. */
const CLAIM_LEASE_EXTRA_MS = 60_000;

/** What one `webhook.deliver` job did (logged, and returned for tests). */
export type DeliveryOutcome =
  | { outcome: 'succeeded'; attempt: number; statusCode: number }
  | { outcome: 'retry'; attempt: number; statusCode: number | null; error: string; delayMs: number }
  | { outcome: 'failed'; attempt: number; statusCode: number | null; error: string; webhookDisabled: boolean }
  | { outcome: 'skipped'; reason: string };

/** The result of one HTTP attempt, classified. */
type Attempt =
  | { kind: 'success'; statusCode: number; excerpt: string }
  | { kind: 'retryable'; statusCode: number | null; excerpt: string | null; error: string; retryAfterMs?: number }
  | { kind: 'permanent'; statusCode: number | null; excerpt: string | null; error: string; gone?: boolean };

/** Walks an error's causes for the first system error code (ECONNREFUSED, ENOTFOUND, ...). */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return error.message || 'the request timed out';
  let current: unknown = error.cause;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return `${error.message}: ${code}${current.message ? ` (${current.message})` : ''}`;
    current = current.cause;
  }
  return error.message;
}

function classifyStatus(response: Response, excerpt: string, now: Date): Attempt {
  const statusCode = response.status;
  if (statusCode >= 200 && statusCode < 300) return { kind: 'success', statusCode, excerpt };
  if (statusCode >= 300 && statusCode < 400) {
    const location = response.headers.get('location');
    return {
      kind: 'permanent',
      statusCode,
      excerpt,
      error: `the receiver answered ${statusCode} redirecting to ${location ?? '(no Location header)'}; redirects are not followed, so register the final URL`,
    };
  }
  if (statusCode === 410)
    return { kind: 'permanent', statusCode, excerpt, gone: true, error: 'the receiver answered 410 Gone' };
  if (statusCode === 408 || statusCode === 429 || statusCode >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now);
    return {
      kind: 'retryable',
      statusCode,
      excerpt,
      error: `the receiver answered ${statusCode}`,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  return { kind: 'permanent', statusCode, excerpt, error: `the receiver answered ${statusCode}` };
}

/**
 * The `webhook.deliver` job: one attempt of one delivery.
 *
 * Loads the delivery and its webhook in the tenant's scope, claims the attempt (a conditional update on the attempt
 * number, so two jobs for one delivery never both send), signs the stored body with the webhook's secret (and the
 * previous one while its overlap lasts), and POSTs it through the SSRF-safe fetch without following redirects, reading
 * at most {@link RESPONSE_EXCERPT_BYTES} of the answer. Then:
 * - 2xx: SUCCEEDED; the webhook's consecutive failures go back to 0.
 * - 408, 429, 5xx, network errors, timeouts, DNS failures: retried as a new delayed job (exponential backoff, full
 *   jitter, Retry-After honoured up to the cap) until `maxAttempts`, then FAILED.
 * - 410: FAILED and the webhook is disabled. 3xx, other 4xx, and SSRF refusals (naming the rule): FAILED at once.
 * Every failed attempt counts toward the webhook's consecutive failures; at `disableAfterFailures` it is disabled.
 * The secret is decrypted here and only here; it never enters Redis or a log line.
 */
export async function deliverWebhook(
  deps: WebhookDeps,
  payload: JobPayload<'webhook.deliver'>,
  context?: Pick<JobContext, 'job'>,
): Promise<DeliveryOutcome> {
  const { deliveryId, tenantId } = payload;
  const settings = deps.webhooks;
  const db = deps.db.tenant(tenantId);
  const log = deps.logger.child({ tenantId, deliveryId, jobId: context?.job.id });

  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId },
    select: {
      id: true,
      payload: true,
      attempt: true,
      status: true,
      webhook: {
        select: {
          id: true,
          url: true,
          enabled: true,
          secretEncrypted: true,
          secretKeyId: true,
          previousSecretEncrypted: true,
          previousSecretKeyId: true,
          previousSecretExpiresAt: true,
        },
      },
    },
  });
  if (!delivery) return { outcome: 'skipped', reason: 'the delivery no longer exists' };
  if (delivery.status !== 'PENDING') return { outcome: 'skipped', reason: `the delivery is ${delivery.status}` };
  const { webhook } = delivery;
  const now = deps.now();
  if (!webhook.enabled) {
    const error = 'not sent: the webhook is disabled';
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id, status: 'PENDING' },
      data: { status: 'FAILED', error, nextAttemptAt: null },
    });
    log.info({ webhookId: webhook.id }, 'webhook delivery dropped: webhook disabled');
    return { outcome: 'failed', attempt: delivery.attempt, statusCode: null, error, webhookDisabled: true };
  }

  // Claim this attempt. The lease in nextAttemptAt keeps a duplicate job (or the sweep) off it while it is in flight.
  const attempt = delivery.attempt + 1;
  const claimed = await db.webhookDelivery.updateMany({
    where: {
      id: delivery.id,
      status: 'PENDING',
      attempt: delivery.attempt,
      OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: new Date(now.getTime() + DUE_SLACK_MS) } }],
    },
    data: { attempt, nextAttemptAt: new Date(now.getTime() + settings.timeoutMs + CLAIM_LEASE_EXTRA_MS) },
  });
  if (claimed.count !== 1)
    return { outcome: 'skipped', reason: 'the attempt is not due or was claimed by another job' };

  let secrets: string[];
  try {
    secrets = openSecrets(deps, tenantId, webhook, now);
  } catch (e) {
    // A key missing from MCPTEST_ENCRYPTION_KEYS or a corrupt row: retrying cannot help. The message names no secret.
    const error = `not sent: the webhook secret could not be decrypted (${(e as Error).message})`;
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: 'FAILED', error, nextAttemptAt: null },
    });
    log.error({ webhookId: webhook.id, error }, 'webhook delivery failed');
    return { outcome: 'failed', attempt, statusCode: null, error, webhookDisabled: false };
  }
  // The stored body, serialized the same way on every attempt and redelivery, so signatures are over identical bytes.
  const body = JSON.stringify(delivery.payload);
  const result = await send(
    deps,
    webhook.url,
    {
      'content-type': 'application/json',
      'user-agent': 'mcptest-webhooks/1.0',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signWebhook(secrets, delivery.id, now, body),
    },
    body,
  );

  if (result.kind === 'success') {
    // One transaction: whoever sees the delivery SUCCEEDED also sees the webhook's failure count back at 0.
    await db.transaction(async (tx) => {
      await tx.webhookDelivery.update({
        where: { id: delivery.id },
        data: {
          status: 'SUCCEEDED',
          statusCode: result.statusCode,
          responseExcerpt: result.excerpt,
          error: null,
          nextAttemptAt: null,
          deliveredAt: deps.now(),
        },
      });
      await tx.webhook.updateMany({
        where: { id: webhook.id, consecutiveFailures: { not: 0 } },
        data: { consecutiveFailures: 0 },
      });
    });
    log.info({ webhookId: webhook.id, attempt, statusCode: result.statusCode }, 'webhook delivered');
    return { outcome: 'succeeded', attempt, statusCode: result.statusCode };
  }

  // A failed attempt: count it against the webhook, and disable the webhook when it is gone or keeps failing.
  const counted = await db.webhook.update({
    where: { id: webhook.id },
    data: { consecutiveFailures: { increment: 1 } },
    select: { consecutiveFailures: true },
  });
  let disabledBecause: string | undefined;
  if (result.kind === 'permanent' && result.gone) disabledBecause = 'the receiver answered 410 Gone';
  else if (counted.consecutiveFailures >= settings.disableAfterFailures)
    disabledBecause = `${counted.consecutiveFailures} consecutive failed attempts`;
  if (disabledBecause) {
    const disabled = await db.webhook.updateMany({
      where: { id: webhook.id, enabled: true },
      data: { enabled: false, disabledAt: deps.now() },
    });
    if (disabled.count === 1) log.warn({ webhookId: webhook.id, reason: disabledBecause }, 'webhook disabled');
  }

  const retry = result.kind === 'retryable' && !disabledBecause && attempt < settings.maxAttempts;
  if (retry) {
    const delayMs = computeRetryDelay({
      attempt,
      baseMs: settings.retryBaseMs,
      capMs: settings.retryCapMs,
      ...(result.retryAfterMs === undefined ? {} : { retryAfterMs: result.retryAfterMs }),
      random: settings.random ?? Math.random,
    });
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status: 'PENDING',
        statusCode: result.statusCode,
        responseExcerpt: result.excerpt,
        error: result.error,
        nextAttemptAt: new Date(deps.now().getTime() + delayMs),
      },
    });
    await deps.queues.enqueue(
      'webhook.deliver',
      { deliveryId: delivery.id, tenantId },
      { jobId: webhookJobId(delivery.id, attempt + 1), delayMs },
    );
    log.info(
      { webhookId: webhook.id, attempt, statusCode: result.statusCode, delayMs },
      'webhook attempt failed; retrying',
    );
    return { outcome: 'retry', attempt, statusCode: result.statusCode, error: result.error, delayMs };
  }

  let error = result.error;
  if (result.kind === 'retryable' && attempt >= settings.maxAttempts) error += `; gave up after ${attempt} attempts`;
  if (disabledBecause) error += `; the webhook was disabled (${disabledBecause})`;
  await db.webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      status: 'FAILED',
      statusCode: result.statusCode,
      responseExcerpt: result.excerpt,
      error,
      nextAttemptAt: null,
    },
  });
  log.info({ webhookId: webhook.id, attempt, statusCode: result.statusCode }, 'webhook delivery failed');
  return { outcome: 'failed', attempt, statusCode: result.statusCode, error, webhookDisabled: !!disabledBecause };
}

interface SealedSecrets {
  secretEncrypted: Uint8Array<ArrayBuffer>;
  secretKeyId: string;
  previousSecretEncrypted: Uint8Array<ArrayBuffer> | null;
  previousSecretKeyId: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
function openSecrets(deps: WebhookDeps, tenantId: string, webhook: SealedSecrets, now: Date): string[] {
  const context = secretContext.webhookSecret(tenantId);
  const secrets = [deps.secretBox.open({ keyId: webhook.secretKeyId, data: webhook.secretEncrypted }, context)];
  if (
    webhook.previousSecretEncrypted &&
    webhook.previousSecretKeyId &&
    webhook.previousSecretExpiresAt &&
    webhook.previousSecretExpiresAt > now
  ) {
    secrets.push(
      deps.secretBox.open({ keyId: webhook.previousSecretKeyId, data: webhook.previousSecretEncrypted }, context),
    );
  }
  return secrets;
}

/** One POST, classified. Never throws for anything the receiver or the network does. */
async function send(deps: WebhookDeps, url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  const signal = AbortSignal.timeout(deps.webhooks.timeoutMs);
  try {
    const response = await deps.webhooks.fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal });
    let excerpt: string;
    try {
      excerpt = await readResponseExcerpt(response, RESPONSE_EXCERPT_BYTES);
    } catch {
      // The status is what counts; a body cut off (timeout, reset) leaves no excerpt.
      excerpt = '';
    }
    return classifyStatus(response, excerpt, deps.now());
  } catch (error) {
    if (error instanceof SsrfRefusedError && error.rule !== 'dns_failed') {
      return {
        kind: 'permanent',
        statusCode: null,
        excerpt: null,
        error: `${error.message} (rule ${error.rule}); not retried`,
      };
    }
    if (signal.aborted) {
      return {
        kind: 'retryable',
        statusCode: null,
        excerpt: null,
        error: `no answer within ${deps.webhooks.timeoutMs} ms`,
      };
    }
    return { kind: 'retryable', statusCode: null, excerpt: null, error: describeNetworkError(error) };
  }
}
