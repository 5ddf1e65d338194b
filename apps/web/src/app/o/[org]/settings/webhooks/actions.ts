'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { deleteWebhook } from '@/server/services/webhooks/delete-webhook';
import { redeliverDelivery } from '@/server/services/webhooks/redeliver-delivery';
import { sendTestEvent } from '@/server/services/webhooks/send-test-event';
import { rotateWebhookSecret } from '@/server/services/webhooks/rotate-webhook-secret';
import { updateWebhook } from '@/server/services/webhooks/update-webhook';
import type {
  WebhookDeliveryResource,
  WebhookEvent,
  WebhookResource,
  WebhookWithSecretResource,
} from '@/server/services/webhooks/webhook-schemas';
import { orgAction } from '@/server/ui/org-action';
import { pointToFields } from '@/app/o/[org]/settings/point-to-fields';

// Webhooks are changed by ADMIN and up, as the API's admin scope; every member reads them and their delivery log.

/**
 * Checkboxes named `events`: none ticked is absent (the service then says to pick one), one is a string. Names are
 * passed on as typed for the service's own schema to check.
 */
const Events = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((events) => (events === undefined ? [] : [events].flat()) as WebhookEvent[]);

/**
 * The URL refusal (SSRF rules) names no field in its details; the forms show it under the URL field, and every field
 * problem under its field with a summary pointing there.
 */
function onFields<T>(result: ActionState<T>): ActionState<T> {
  if (result && !result.ok && result.error.code === 'url_refused' && !result.error.fields.url) {
    const fields = { ...result.error.fields, url: result.error.message };
    return pointToFields({ ok: false, error: { ...result.error, fields } });
  }
  return pointToFields(result);
}

const create = orgAction(
  'createWebhook',
  z.object({
    projectId: z.string().min(1, 'choose the project whose runs it reports'),
    url: z.string().default(''),
    events: Events,
  }),
  ({ deps, actor }, { projectId, url, events }) => createWebhook(deps, actor, projectId, { url, events }),
);

/** Registers a webhook on a project; the answer carries its signing secret, shown once. */
export async function createWebhookAction(
  previous: ActionState<WebhookWithSecretResource>,
  form: FormData,
): Promise<ActionState<WebhookWithSecretResource>> {
  return onFields(await create(previous, form));
}

const update = orgAction(
  'updateWebhook',
  z.object({ webhookId: z.string().min(1), url: z.string(), events: Events }),
  ({ deps, actor }, { webhookId, url, events }) => updateWebhook(deps, actor, webhookId, { url, events }),
);

/** Changes a webhook's URL and events (checked like at creation). */
export async function updateWebhookAction(
  previous: ActionState<WebhookResource>,
  form: FormData,
): Promise<ActionState<WebhookResource>> {
  return onFields(await update(previous, form));
}

const setEnabled = orgAction(
  'updateWebhook',
  z.object({ webhookId: z.string().min(1), enabled: z.enum(['true', 'false']) }),
  ({ deps, actor }, { webhookId, enabled }) => updateWebhook(deps, actor, webhookId, { enabled: enabled === 'true' }),
);

/** Enables (resetting the failure count) or disables a webhook. */
export async function setWebhookEnabledAction(
  previous: ActionState<WebhookResource>,
  form: FormData,
): Promise<ActionState<WebhookResource>> {
  const result = await setEnabled(previous, form);
  if (result?.ok && result.data) {
    return {
      ...result,
      message: result.data.enabled
        ? 'Enabled: runs that finish from now on are delivered.'
        : 'Disabled: nothing is delivered until it is enabled again.',
    };
  }
  return result;
}

const rotate = orgAction(
  'rotateWebhookSecret',
  z.object({ webhookId: z.string().min(1) }),
  ({ deps, actor }, { webhookId }) => rotateWebhookSecret(deps, actor, webhookId),
);

/** Gives the webhook a new signing secret (shown once); the old one keeps signing for 24 hours. */
export async function rotateWebhookSecretAction(
  previous: ActionState<WebhookWithSecretResource>,
  form: FormData,
): Promise<ActionState<WebhookWithSecretResource>> {
  return rotate(previous, form);
}

const remove = orgAction(
  'deleteWebhook',
  z.object({ webhookId: z.string().min(1) }),
  ({ deps, actor }, { webhookId }) => deleteWebhook(deps, actor, webhookId),
);

/** Deletes the webhook and its delivery log, then goes back to the list. */
export async function deleteWebhookAction(previous: ActionState<void>, form: FormData): Promise<ActionState<void>> {
  const result = await remove(previous, form);
  if (result?.ok) redirect(`/o/${String(form.get('org'))}/settings/webhooks`);
  return result;
}

const redeliver = orgAction(
  'redeliverWebhookDelivery',
  z.object({ webhookId: z.string().min(1), deliveryId: z.string().min(1) }),
  ({ deps, actor }, { webhookId, deliveryId }) => redeliverDelivery(deps, actor, webhookId, deliveryId),
  // Each press sends a request to the receiver: limited like the API's redeliver.
  { rateLimit: 'outbound' },
);

/** Sends a delivery again, as a new delivery with the same body (it appears at the top of the log). */
export async function redeliverAction(
  previous: ActionState<WebhookDeliveryResource>,
  form: FormData,
): Promise<ActionState<WebhookDeliveryResource>> {
  const result = await redeliver(previous, form);
  return result?.ok ? { ...result, message: 'Queued again as a new delivery (top of the log).' } : result;
}

const sendTest = orgAction(
  'sendWebhookTestEvent',
  z.object({ webhookId: z.string().min(1) }),
  ({ deps, actor }, { webhookId }) => sendTestEvent(deps, actor, webhookId),
  // Each press sends a request to the receiver: limited like redeliver.
  { rateLimit: 'outbound' },
);

/** "Send test event": queues a signed `webhook.test` delivery, which appears at the top of the delivery log. */
export async function sendTestEventAction(
  previous: ActionState<WebhookDeliveryResource>,
  form: FormData,
): Promise<ActionState<WebhookDeliveryResource>> {
  const result = await sendTest(previous, form);
  return result?.ok
    ? { ...result, message: 'Test event queued: its delivery appears at the top of the log in a few seconds.' }
    : result;
}
