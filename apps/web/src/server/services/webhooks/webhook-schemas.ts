import { maskUrl, WEBHOOK_DELIVERY_STATUS_TO_WIRE, WEBHOOK_EVENTS } from '@mcptest/core';
import { mayReadUrl, type Permission } from '@/server/services/permissions';
import { z } from 'zod';
import { PageQuery } from '@/server/services/pagination';

/**
 * The events a webhook can subscribe to (docs/webhooks.md; the worker raises them when a run finishes), from core's
 * catalog, the one list finishRun raises from.
 */
export { WEBHOOK_EVENTS };
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** A project's webhooks at most: every finished run fans out to each of them. */
export const MAX_WEBHOOKS_PER_PROJECT = 20;
/** How long the previous secret keeps signing after a rotation. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

const WebhookUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }));

/** Subscribed events: a non-empty set (duplicates collapse), in the canonical order. */
const Events = z
  .array(WebhookEvent)
  .min(1, 'subscribe to at least one event')
  .max(WEBHOOK_EVENTS.length * 2)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

/** Body of `POST /api/v1/projects/{id}/webhooks`. `events` defaults to all of them. */
export const CreateWebhookRequest = z.strictObject({
  url: WebhookUrl,
  events: Events.default([...WEBHOOK_EVENTS]),
  enabled: z.boolean().default(true),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

/** Body of `PATCH /api/v1/webhooks/{id}`: any of url, events, enabled. Enabling again resets the failure count. */
export const UpdateWebhookRequest = z
  .strictObject({ url: WebhookUrl.optional(), events: Events.optional(), enabled: z.boolean().optional() })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, {
    message: 'give at least one of url, events, enabled',
  });
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequest>;

/** Query of `GET /api/v1/webhooks/{id}/deliveries`: newest first, keyset cursor, optional status filter. */
export const ListDeliveriesQuery = PageQuery.extend({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
});
export type ListDeliveriesQuery = z.input<typeof ListDeliveriesQuery>;

export const WebhookResource = z.object({
  id: z.string(),
  projectId: z.string(),
  url: z.string(),
  events: z.array(WebhookEvent),
  enabled: z.boolean(),
  /** Failed attempts in a row; the worker disables the webhook at its limit (15 unless configured). */
  consecutiveFailures: z.number().int(),
  /** When it was disabled (410 Gone, too many failures, or by a user); null while enabled. */
  disabledAt: z.iso.datetime().nullable(),
  /** Until when the secret before the last rotation still signs (deliveries carry both signatures); null if none. */
  previousSecretExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookResource = z.infer<typeof WebhookResource>;

/** A webhook with its signing secret: returned once, by create and by rotate-secret, never again. */
export const WebhookWithSecretResource = WebhookResource.extend({
  secret: z.string().startsWith('whsec_'),
});
export type WebhookWithSecretResource = z.infer<typeof WebhookWithSecretResource>;

export const WebhookDeliveryResource = z.object({
  id: z.string(),
  webhookId: z.string(),
  runId: z.string().nullable(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Attempts made so far. */
  attempt: z.number().int(),
  /** HTTP status of the last attempt; null when it got no answer. */
  statusCode: z.number().int().nullable(),
  /** First 1 KB of the last answer's body. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The exact body sent (`{type, timestamp, data:{run}}`). */
  payload: z.unknown(),
});
export type WebhookDeliveryResource = z.infer<typeof WebhookDeliveryResource>;

export interface WebhookRow {
  id: string;
  projectId: string;
  url: string;
  events: string[];
  enabled: boolean;
  consecutiveFailures: number;
  disabledAt: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns `toWebhookResource` needs (never the sealed secrets). */
export const WEBHOOK_SELECT = {
  id: true,
  projectId: true,
  url: true,
  events: true,
  enabled: true,
  consecutiveFailures: true,
  disabledAt: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** A webhook as `viewer` may see it: the URL in full only for who may change it (ADMIN, admin tokens), else masked. */
export function toWebhookResource(row: WebhookRow, now: Date, viewer: { permission?: Permission }): WebhookResource {
  return {
    id: row.id,
    projectId: row.projectId,
    url: mayReadUrl(viewer, 'webhook') ? row.url : maskUrl(row.url),
    events: WEBHOOK_EVENTS.filter((e) => row.events.includes(e)),
    enabled: row.enabled,
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface DeliveryRow {
  id: string;
  webhookId: string;
  runId: string | null;
  event: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  attempt: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  payload: unknown;
}

export function toDeliveryResource(row: DeliveryRow): WebhookDeliveryResource {
  return {
    id: row.id,
    webhookId: row.webhookId,
    runId: row.runId,
    event: row.event,
    status: WEBHOOK_DELIVERY_STATUS_TO_WIRE[row.status],
    attempt: row.attempt,
    statusCode: row.statusCode,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}
