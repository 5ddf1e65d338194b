// Worker process entry: validated env, structured logs, graceful shutdown on SIGTERM/SIGINT.
import { EnvError } from '@mcptest/core';
import { pino } from 'pino';
import { readWorkerEnv } from './env';
import { startWorker } from './start-worker';

const bootLogger = pino({ name: 'mcptest-worker' });

async function main() {
  const env = readWorkerEnv();
  const logger = pino({ name: 'mcptest-worker', level: env.LOG_LEVEL });
  const worker = await startWorker({ env, logger });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    worker.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) bootLogger.fatal(error.message);
  else bootLogger.fatal({ error: error instanceof Error ? error.message : String(error) }, 'worker failed to start');
  process.exit(1);
});
