import type { SuiteNotificationExpect } from '@mcptest/core';
import type { CheckOutcome } from './check-logging';

/** One notification the server sent during the assertion: its method and its params as JSON text. */
export interface CapturedNotification {
  method: string;
  params: string;
}

/**
 * Checks `assert_notifications.expect` against every notification captured during the assertion, in mcp-assert's
 * order (min_count, max_count, methods, not_methods, contains_data, not_contains_data); the first failure is returned.
 */
export function checkNotifications(
  expect: SuiteNotificationExpect,
  notifications: readonly CapturedNotification[],
): CheckOutcome {
  const count = notifications.length;
  if (expect.min_count !== undefined && count < expect.min_count) {
    return fail(`expected at least ${expect.min_count} notification(s), got ${count}${methods(notifications)}`);
  }
  if (expect.max_count !== undefined && count > expect.max_count) {
    return fail(`expected at most ${expect.max_count} notification(s), got ${count}${methods(notifications)}`);
  }
  for (const method of expect.methods ?? []) {
    if (!notifications.some((n) => n.method === method)) {
      return fail(`expected notification method "${method}" but it was not received${methods(notifications)}`);
    }
  }
  for (const method of expect.not_methods ?? []) {
    if (notifications.some((n) => n.method === method)) {
      return fail(`notification method "${method}" was received but should not have been`);
    }
  }
  for (const wanted of expect.contains_data ?? []) {
    if (!notifications.some((n) => n.params.includes(wanted))) {
      return fail(`no notification params contain ${JSON.stringify(wanted)}${methods(notifications)}`);
    }
  }
  for (const unwanted of expect.not_contains_data ?? []) {
    const found = notifications.find((n) => n.params.includes(unwanted));
    if (found) {
      return fail(`notification params contain ${JSON.stringify(unwanted)} but should not (in ${found.method})`);
    }
  }
  return { ok: true };
}

function fail(message: string): CheckOutcome {
  return { ok: false, message };
}

/** The methods received, so a failure shows what came instead (distinct, at most 10). */
function methods(notifications: readonly CapturedNotification[]): string {
  if (notifications.length === 0) return '';
  const distinct = [...new Set(notifications.map((n) => n.method))];
  return ` (received: ${distinct.slice(0, 10).join(', ')}${distinct.length > 10 ? ', …' : ''})`;
}
