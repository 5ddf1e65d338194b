'use server';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CreatedTriggerUrl } from '@/components/suites/trigger-url-form';
import type { ActionState } from '@/lib/action-state';
import { createTriggerUrl } from '@/server/services/suites/create-trigger-url';
import { orgAction } from '@/server/ui/org-action';

const create = orgAction(
  'createTriggerUrl',
  z.object({ suiteId: z.string().min(1), github: z.literal('on').optional() }),
  async ({ deps, actor }, input): Promise<CreatedTriggerUrl> => {
    // Generated here rather than typed by the user: 32 random bytes, shown once with the URL, sealed at rest.
    const githubSecret = input.github ? randomBytes(32).toString('base64url') : undefined;
    const created = await createTriggerUrl(deps, actor, input.suiteId, githubSecret ? { githubSecret } : {});
    return { url: created.url, githubSecret: githubSecret ?? null };
  },
);

/**
 * Makes (or replaces) the suite's inbound trigger URL (ADMIN, as the API's admin scope): a new URL, and for GitHub a
 * new generated secret, both shown once; the previous URL and secret stop working at once.
 */
export async function createTriggerUrlAction(
  previous: ActionState<CreatedTriggerUrl>,
  form: FormData,
): Promise<ActionState<CreatedTriggerUrl>> {
  const result = await create(previous, form);
  return result?.ok
    ? { ...result, message: 'Made. Copy the URL now: it is not shown again (a new one replaces it).' }
    : result;
}
