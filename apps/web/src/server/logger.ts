import { pino, type Logger } from 'pino';

// One logger per process (on globalThis for `next dev` reloads). The level comes from LOG_LEVEL through env() when
// first used; until then pino's default applies.
const store = globalThis as typeof globalThis & { __mcptestWebLogger?: Logger };

export function getLogger(level?: string): Logger {
  store.__mcptestWebLogger ??= pino({ name: 'mcptest-web', ...(level ? { level } : {}) });
  return store.__mcptestWebLogger;
}
