'use server';
import type { ActionState } from '@/lib/action-state';
import type { PolicyResource } from '@/server/services/policy/policy-schemas';
import { updatePolicy } from '@/server/services/policy/update-policy';
import { orgAction } from '@/server/ui/org-action';
import { pointToFields } from './point-to-fields';
import { PolicyFormInput } from './policy-form-input';

const update = orgAction('updatePolicy', PolicyFormInput, ({ deps, actor }, policy) =>
  updatePolicy(deps, actor, policy),
);

/** Replaces the organization's execution policy with the form's (ADMIN and up; absent knobs take their defaults). */
export async function updatePolicyAction(
  previous: ActionState<PolicyResource>,
  form: FormData,
): Promise<ActionState<PolicyResource>> {
  return pointToFields(await update(previous, form));
}
