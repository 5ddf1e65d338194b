import { z } from 'zod';
import {
  CreateWebhookRequest,
  ListDeliveriesQuery,
  UpdateWebhookRequest,
  WebhookDeliveryResource,
  WebhookResource,
  WebhookWithSecretResource,
} from '@/server/services/webhooks/webhook-schemas';
import { defineEndpoint } from '@/server/api/endpoint';

const tag = 'Webhooks';

export const createWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/projects/{id}/webhooks',
  operationId: 'createWebhook',
  summary: 'Add a signed webhook (Standard Webhooks); the whsec_ secret is shown once',
  tag,
  body: CreateWebhookRequest,
  responses: { 201: { description: 'The webhook with its secret', schema: WebhookWithSecretResource } },
});

export const listWebhooksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/projects/{id}/webhooks',
  operationId: 'listWebhooks',
  summary: "List a project's webhooks",
  tag,
  responses: { 200: { description: 'Webhooks', schema: z.object({ items: z.array(WebhookResource) }) } },
});

export const getWebhookEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webhooks/{id}',
  operationId: 'getWebhook',
  summary: 'Get a webhook',
  tag,
  responses: { 200: { description: 'The webhook', schema: WebhookResource } },
});

export const updateWebhookEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/webhooks/{id}',
  operationId: 'updateWebhook',
  summary: 'Change the URL, events, or enable it again (resets the failure count)',
  tag,
  body: UpdateWebhookRequest,
  responses: { 200: { description: 'The webhook', schema: WebhookResource } },
});

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook',
  tag,
  responses: { 204: { description: 'Deleted' } },
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'New signing secret; deliveries carry both signatures for 24 h',
  tag,
  responses: { 200: { description: 'The webhook with its new secret', schema: WebhookWithSecretResource } },
});

export const listDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'Delivery log, newest first: status, attempts, response code and excerpt',
  tag,
  query: ListDeliveriesQuery,
  responses: {
    200: {
      description: 'A page of deliveries',
      schema: z.object({ items: z.array(WebhookDeliveryResource), nextCursor: z.string().nullable() }),
    },
  },
});

export const redeliverEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhookDelivery',
  summary: 'Send a delivery again (a new delivery with the same body)',
  tag,
  responses: { 202: { description: 'The new delivery', schema: WebhookDeliveryResource } },
});

export const sendWebhookTestEventEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webhooks/{id}/test',
  operationId: 'sendWebhookTestEvent',
  summary: 'Send a signed webhook.test delivery to check the receiver (any subscribed events)',
  tag,
  responses: { 202: { description: 'The queued test delivery', schema: WebhookDeliveryResource } },
});
