import { isSessionError } from '../session';

/** `15s`, `1.5s`, `500ms`, `2m`: durations as suites write them. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
}

/**
 * One line for an error a session rejected with. Session errors already name the request and the reason in plain
 * words ("could not connect to http://…: connection refused"); timeouts are restated against the assertion's
 * `timeout`, which is what the suite author chose and can change.
 */
export function describeSessionError(error: unknown, what: string, timeoutMs: number): string {
  if (isSessionError(error, 'timeout')) {
    // The server's misbehaviour, when one was seen, is why no answer came: say it rather than only "timed out".
    const fault = error.serverFault === undefined ? '' : `; meanwhile ${error.serverFault}`;
    return `${what} timed out after ${formatMs(timeoutMs)} (the assertion's timeout)${fault}`;
  }
  if (isSessionError(error)) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${what} failed: ${message}`;
}
