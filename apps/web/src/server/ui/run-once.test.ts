// A form sent twice with the same submission key creates one thing: runOnce over real Redis, and the create actions
// (orgAction's and the organization's) over the real database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { useTestRedis } from '../../../../../test/redis';
import { useRouteEnv } from '../../../../../test/route-env';
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from '@/lib/submission-key';
import { listMyOrganizations } from '@/server/orgs/list-my-organizations';
import { createUser, orgTestDeps } from '@/server/orgs/org-test-helpers';
import type { SessionUser } from '@/server/orgs/org-schemas';
import type { runOnce as RunOnceFn, SubmissionDeps } from './run-once';

type RunOnce = typeof RunOnceFn;

const session: { user?: SessionUser | undefined } = {};
vi.mock('@/server/auth/get-session-actor', () => ({ getSessionActor: () => Promise.resolve(session.user ?? null) }));
// Outside a request there is no cache to revalidate.
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
const redis = useTestRedis();
useRouteEnv(database, redis);

let deps: SubmissionDeps;
let runOnce: RunOnce;
beforeAll(async () => {
  ({ runOnce } = await import('./run-once'));
  const { getServiceDeps } = await import('@/server/services/get-service-deps');
  deps = getServiceDeps();
});
afterAll(() => {
  session.user = undefined;
});

/** What an action ends with: its state, or where its redirect() goes. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { state: await run() };
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (digest?.startsWith('NEXT_REDIRECT;')) return { redirect: digest.split(';')[2] };
    throw error;
  }
}

describe('runOnce', () => {
  const scope = { userId: 'user_1', operation: 'createThing' };

  it('runs a key once: a concurrent repeat waits and gets the first answer, Dates included', async () => {
    let calls = 0;
    const key = newSubmissionKey();
    const fn = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 300));
      return { ok: true, id: `thing_${calls}`, at: new Date('2026-01-02T03:04:05Z') };
    };
    const [first, second] = await Promise.all([
      runOnce(deps, scope, key, fn, () => true),
      runOnce(deps, scope, key, fn, () => true),
    ]);
    expect(calls).toBe(1);
    expect(second).toEqual(first);
    expect(second.at).toBeInstanceOf(Date);
    // Later repeats too; another key (the form after its submission, another user) is a new submission.
    expect(await runOnce(deps, scope, key, fn, () => true)).toEqual(first);
    await runOnce(deps, scope, newSubmissionKey(), fn, () => true);
    await runOnce(deps, { ...scope, userId: 'user_2' }, key, fn, () => true);
    expect(calls).toBe(3);
  });

  it('releases the key after a refusal or an error, so the corrected form runs', async () => {
    let calls = 0;
    const key = newSubmissionKey();
    const refused = await runOnce(
      deps,
      scope,
      key,
      async () => ({ ok: false, n: ++calls }),
      (v) => v.ok,
    );
    expect(refused).toEqual({ ok: false, n: 1 });
    await expect(
      runOnce(
        deps,
        scope,
        key,
        () => Promise.reject(new Error('boom')),
        () => true,
      ),
    ).rejects.toThrow('boom');
    expect(
      await runOnce(
        deps,
        scope,
        key,
        async () => ({ ok: true, n: ++calls }),
        (v) => v.ok,
      ),
    ).toEqual({
      ok: true,
      n: 2,
    });
  });

  it('replays a redirect, and runs every time without a (valid) key', async () => {
    const key = newSubmissionKey();
    const redirecting = async () => {
      const { redirect } = await import('next/navigation');
      redirect('/o/acme');
    };
    expect(await outcome(() => runOnce(deps, scope, key, redirecting, () => true))).toEqual({ redirect: '/o/acme' });
    expect(
      await outcome(() =>
        runOnce(
          deps,
          scope,
          key,
          () => Promise.resolve('again'),
          () => true,
        ),
      ),
    ).toEqual({
      redirect: '/o/acme',
    });
    let calls = 0;
    for (const none of [undefined, null, 'short', `${key}x`])
      await runOnce(
        deps,
        scope,
        none,
        async () => ++calls,
        () => true,
      );
    expect(calls).toBe(4);
  });

  it('keeps outcomes sealed: a one-time secret is not readable in Redis', async () => {
    const key = newSubmissionKey();
    await runOnce(
      deps,
      scope,
      key,
      () => Promise.resolve({ token: 'mcpt_secret_value' }),
      () => true,
    );
    const stored = await deps.redis.get(`${deps.prefix}:ui:submission:${scope.userId}:${scope.operation}:${key}`);
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('mcpt_secret_value');
  });
});

describe('the create actions with a submission key', () => {
  it('create one organization and one project for a form sent twice at once', async () => {
    const user = await createUser(database.db);
    session.user = user;
    const { createOrganizationAction } = await import('@/app/orgs/actions');
    const orgForm = new FormData();
    orgForm.set('name', 'Double Click Inc');
    orgForm.set(SUBMISSION_KEY_FIELD, newSubmissionKey());
    const orgs = await Promise.all([1, 2].map(() => outcome(() => createOrganizationAction(null, orgForm))));
    expect(orgs[1]).toEqual(orgs[0]);
    expect(orgs[0]).toEqual({ redirect: expect.stringMatching(/^\/o\/double-click-inc/) });
    const organizations = await listMyOrganizations(orgTestDeps(database.db), user);
    expect(organizations).toHaveLength(1);

    const slug = (orgs[0] as { redirect: string }).redirect.split('/')[2]!;
    const { createProjectAction } = await import('@/app/o/[org]/actions');
    const projectForm = new FormData();
    projectForm.set('org', slug);
    projectForm.set('name', 'Weather');
    projectForm.set(SUBMISSION_KEY_FIELD, newSubmissionKey());
    const projects = await Promise.all([1, 2, 3].map(() => outcome(() => createProjectAction(null, projectForm))));
    expect(new Set(projects.map((p) => JSON.stringify(p))).size).toBe(1);
    const tenantId = organizations[0]!.tenantId;
    expect(await database.db.tenant(tenantId).project.count({})).toBe(1);

    // The same form sent again after it finished, with the new key its button then carries: a second project.
    projectForm.set(SUBMISSION_KEY_FIELD, newSubmissionKey());
    await outcome(() => createProjectAction(null, projectForm));
    expect(await database.db.tenant(tenantId).project.count({})).toBe(2);
  });
});
