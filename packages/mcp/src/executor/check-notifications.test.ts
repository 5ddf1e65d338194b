import { describe, expect, it } from 'vitest';
import { type CapturedNotification, checkNotifications } from './check-notifications';

const captured: CapturedNotification[] = [
  { method: 'notifications/progress', params: '{"progress":1,"total":3,"progressToken":1}' },
  { method: 'notifications/progress', params: '{"progress":2,"total":3,"progressToken":1}' },
  { method: 'notifications/message', params: '{"level":"info","data":"processing"}' },
];

describe('checkNotifications', () => {
  it.each([
    [{}, undefined],
    [{ min_count: 3, max_count: 3 }, undefined],
    [{ min_count: 4 }, 'expected at least 4 notification(s), got 3'],
    [{ max_count: 2 }, 'expected at most 2 notification(s), got 3'],
    [{ methods: ['notifications/progress', 'notifications/message'] }, undefined],
    [
      { methods: ['notifications/resources/updated'] },
      'expected notification method "notifications/resources/updated"',
    ],
    [{ not_methods: ['notifications/message'] }, 'notification method "notifications/message" was received'],
    [{ contains_data: ['processing', '"total":3'] }, undefined],
    [{ contains_data: ['finished'] }, 'no notification params contain "finished"'],
    [{ not_contains_data: ['finished'] }, undefined],
    [{ not_contains_data: ['processing'] }, 'notification params contain "processing" but should not'],
  ])('%j', (expectBlock, failure) => {
    const outcome = checkNotifications(expectBlock, captured);
    if (failure === undefined) expect(outcome).toEqual({ ok: true });
    else expect(!outcome.ok && outcome.message).toContain(failure);
  });
});
