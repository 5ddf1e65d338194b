import type { ServiceDeps } from '@/server/services/service-deps';

/** What the webhook services use of the process-wide service dependencies. */
export type WebhookServiceDeps = Pick<ServiceDeps, 'db' | 'queues' | 'secretBox' | 'allowPrivateNetworks' | 'now'>;
