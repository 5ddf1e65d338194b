'use server';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { createToken } from '@/server/services/tokens/create-token';
import { revokeToken } from '@/server/services/tokens/revoke-token';
import { CreateTokenRequest, type CreatedToken, type TokenResource } from '@/server/services/tokens/token-schemas';
import { orgAction } from '@/server/ui/org-action';
import { pointToFields } from '@/app/o/[org]/settings/point-to-fields';

/**
 * The create form's fields → the API's CreateTokenRequest (same schema, same messages): one scope from the radio
 * group (`scopes`), an empty project meaning every project, an empty expiry meaning none.
 */
const CreateTokenForm = z
  .object({
    name: z.string().default(''),
    scopes: z.union([z.string(), z.array(z.string())]).optional(),
    projectId: z.string().optional(),
    expiresInDays: z.string().optional(),
  })
  // The pipe's schema validates the scopes; this shape is what it accepts as input.
  .transform(
    (form): { name: string; scopes: string[]; projectId?: string | undefined; expiresInDays?: number | undefined } => ({
      name: form.name,
      scopes: form.scopes === undefined ? [] : [form.scopes].flat(),
      ...(form.projectId ? { projectId: form.projectId } : {}),
      ...(form.expiresInDays ? { expiresInDays: Number(form.expiresInDays) } : {}),
    }),
  )
  .pipe(CreateTokenRequest);

const create = orgAction('createToken', CreateTokenForm, ({ deps, actor }, input) => createToken(deps, actor, input));

/** Creates an API token (ADMIN and up); the answer carries the token, which the page shows once. */
export async function createTokenAction(
  previous: ActionState<CreatedToken>,
  form: FormData,
): Promise<ActionState<CreatedToken>> {
  return pointToFields(await create(previous, form), 'No token was created: fix the fields marked above.');
}

const revoke = orgAction('revokeToken', z.object({ tokenId: z.string().min(1) }), ({ deps, actor }, { tokenId }) =>
  revokeToken(deps, actor, tokenId),
);

/** Revokes a token (ADMIN and up): it answers 401 from now on. */
export async function revokeTokenAction(
  previous: ActionState<TokenResource>,
  form: FormData,
): Promise<ActionState<TokenResource>> {
  return revoke(previous, form);
}
