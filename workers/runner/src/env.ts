// The one env module of the worker process.
import { isProduction, loadEnv, serviceEnvSchema } from '@mcptest/core';
import { z } from 'zod';

export type WorkerEnv = ReturnType<typeof readWorkerEnv>;

export function readWorkerEnv(source: Record<string, string | undefined> = process.env) {
  return loadEnv(
    serviceEnvSchema(isProduction(source)).extend({
      /** Seconds between heartbeats written to Redis (the web app's health page reads them later). */
      WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    }),
    source,
  );
}
