import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { hashToken, secretContext } from '@mcptest/db';
import { claimDeliveryDigest } from '@mcptest/redis';
import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import { findUnstorableText } from '@/server/api/find-unstorable-text';
import type { ServiceDeps } from '@/server/services/service-deps';
import { triggerRun, type TriggerRunOutcome } from './trigger-run';

/** Body of a plain (non-GitHub) call of a trigger URL. */
const PlainTrigger = z.strictObject({
  commitSha: z.string().trim().min(1).max(100).optional(),
  branch: z.string().trim().min(1).max(255).optional(),
});
const GithubPush = z.object({
  after: z.string().optional(),
  ref: z.string().optional(),
  deleted: z.boolean().optional(),
});
const GithubPullRequest = z.object({
  action: z.string(),
  pull_request: z.object({ head: z.object({ sha: z.string(), ref: z.string() }) }),
});

export type InboundOutcome = { kind: 'triggered'; outcome: TriggerRunOutcome } | { kind: 'ignored'; reason: string };

function verifyGithubSignature(secret: string, body: string, header: string | null): void {
  if (!header) throw new ApiError('unauthorized', 'X-Hub-Signature-256 is required: this trigger URL has a secret');
  const expected = `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(header.trim());
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError('unauthorized', 'X-Hub-Signature-256 does not match the body and the secret');
  }
}

/**
 * A call of a suite's inbound trigger URL: the secret token in the path names the suite (stored hashed). GitHub
 * deliveries (X-GitHub-Event) are understood: `push` runs the pushed commit, `pull_request` (opened, synchronize,
 * reopened) runs the head commit, `ping` answers, other events are ignored; with a secret set, X-Hub-Signature-256 must
 * match. Anything else may send `{commitSha?, branch?}`. The delivery id (or Idempotency-Key) makes retries idempotent;
 * a GitHub payload is also deduplicated by its digest for 24 h, whatever its delivery id.
 */
export async function triggerFromInboundUrl(
  deps: ServiceDeps,
  token: string,
  headers: Headers,
  rawBody: string,
): Promise<InboundOutcome> {
  // eslint-disable-next-line no-restricted-properties -- the secret token in the URL names the suite and so the tenant.
  const suite = await deps.db.unscoped.suite.findUnique({
    where: { triggerTokenHash: hashToken(token) },
    select: { id: true, tenantId: true },
  });
  if (!suite) throw new ApiError('not_found', 'unknown trigger URL');
  // The GitHub secret sits in a row-secured table: read inside the suite's tenant scope, never across tenants.
  const sealed = await deps.db.tenant(suite.tenantId).suiteTriggerSecret.findFirst({
    where: { suiteId: suite.id },
    select: { secretEncrypted: true, secretKeyId: true },
  });
  if (sealed) {
    const secret = deps.secretBox.open(
      { keyId: sealed.secretKeyId, data: new Uint8Array(sealed.secretEncrypted) },
      secretContext.suiteTriggerSecret(suite.tenantId),
    );
    verifyGithubSignature(secret, rawBody, headers.get('x-hub-signature-256'));
  }
  const limited = await deps.rateLimits.consume({ tenantId: suite.tenantId, trigger: true });
  if (!limited.ok) {
    throw new ApiError(
      'rate_limited',
      `trigger rate limit reached; retry in ${limited.retryAfterSeconds} s`,
      undefined,
      {
        'retry-after': String(limited.retryAfterSeconds),
      },
    );
  }
  const parseJson = (): unknown => {
    if (rawBody.trim() === '') return {};
    try {
      return JSON.parse(rawBody) as unknown;
    } catch (error) {
      const message = `the body is not valid JSON: ${(error as Error).message}`;
      throw new ApiError('invalid_json', message, [{ path: '(body)', message }]);
    }
  };
  let commitSha: string | undefined;
  let branch: string | undefined;
  const event = headers.get('x-github-event');
  if (event === 'ping') return { kind: 'ignored', reason: 'pong' };
  if (event === 'push') {
    const push = GithubPush.parse(parseJson());
    if (push.deleted) return { kind: 'ignored', reason: 'a deleted branch has nothing to test' };
    commitSha = push.after;
    branch = push.ref?.replace(/^refs\/heads\//, '');
  } else if (event === 'pull_request') {
    const pr = GithubPullRequest.parse(parseJson());
    if (!['opened', 'synchronize', 'reopened'].includes(pr.action)) {
      return { kind: 'ignored', reason: `pull_request action "${pr.action}" does not run tests` };
    }
    commitSha = pr.pull_request.head.sha;
    branch = pr.pull_request.head.ref;
  } else if (event) {
    return { kind: 'ignored', reason: `GitHub event "${event}" does not run tests` };
  } else {
    const plain = PlainTrigger.safeParse(parseJson());
    if (!plain.success) {
      throw new ApiError(
        'validation_failed',
        'expected {commitSha?, branch?}',
        plain.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
      );
    }
    ({ commitSha, branch } = plain.data);
  }
  // GitHub's payloads have no length or character rules: text Postgres cannot store is a 400, not a failed insert.
  const unstorable = findUnstorableText({ commitSha, branch });
  if (unstorable) throw new ApiError('validation_failed', `${unstorable.path}: ${unstorable.message}`, [unstorable]);
  let idempotencyKey = headers.get('x-github-delivery') ?? headers.get('idempotency-key') ?? undefined;
  if (event) {
    // GitHub signs the body, not the delivery id: a captured delivery replayed under a new X-GitHub-Delivery still
    // verifies. The same event and body within 24 h therefore count as the same delivery (the first one's run).
    const digest = createHash('sha256').update(`${event}\n`).update(rawBody, 'utf8').digest('hex');
    idempotencyKey = await claimDeliveryDigest(deps.redis, deps.prefix, {
      suiteId: suite.id,
      digest,
      deliveryKey: (idempotencyKey ?? `sha256:${digest}`).slice(0, 200),
    });
  }
  const outcome = await triggerRun(
    deps,
    { tenantId: suite.tenantId },
    suite.id,
    { ...(commitSha ? { commitSha } : {}), ...(branch ? { branch } : {}) },
    { trigger: 'WEBHOOK', ...(idempotencyKey ? { idempotencyKey: idempotencyKey.slice(0, 200) } : {}) },
  );
  return { kind: 'triggered', outcome };
}
