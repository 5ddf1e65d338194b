// Regressions found by fuzzing the live checks (test/fuzz/server-actions.fuzz.test.ts): their arguments are refused by
// name before the membership lookup, so nothing here reaches the database.
import { describe, expect, it, vi } from 'vitest';
import { checkSuiteYamlLive, previewScheduleLive, starterSuiteLive } from './live-actions';

vi.mock('@/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve({ userId: 'user_1', email: 'someone@example.test' }),
}));

describe('live checks: arguments the database cannot hold, or that are not text', () => {
  it.each([
    ['a NUL in the organization', () => checkSuiteYamlLive('acme\u0000', 'name: x'), 'org'],
    ['a NUL in a server id', () => starterSuiteLive('acme', 'c\u0000', 'starter'), 'serverId'],
    ['a lone surrogate in a server id', () => starterSuiteLive('acme', 'c\ud800', 'example'), 'serverId'],
    ['a NUL in a timezone', () => previewScheduleLive('acme', '0 * * * *', 'UTC\u0000'), 'timezone'],
    // React's reply encoding can send values String() throws on; this one threw out of the action.
    ['an object without a prototype', () => previewScheduleLive('acme', Object.create(null) as string, 'UTC'), 'cron'],
    ['a number', () => checkSuiteYamlLive(7 as unknown as string, 'name: x'), 'org'],
  ])('answers %s with validation_failed naming it, not an internal error', async (_what, call, field) => {
    const state = await call();
    expect(state).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', fields: { [field]: expect.any(String) } },
    });
  });
});
