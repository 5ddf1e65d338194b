import { describe, expect as assertThat, it } from 'vitest';
import { checkToolResult } from './check-tool-result';
import { Expect } from './expect-schema';
import type { CheckToolResultOptions } from './expectation';
import type { ObservedFileStates, ToolCallResultData, ToolObservation } from './tool-observation';

/*
 * The table-test helpers of the checker's tests (one test file a check, beside it in checks/): each case goes through
 * checkToolResult, so a check is tested in its place in the order, as suites use it.
 */

/** An observation of a result whose only content is one text block (or none, for undefined). */
export function textResult(text: string | undefined, extra: Partial<ToolCallResultData> = {}): ToolCallResultData {
  return { content: text === undefined ? [] : [{ type: 'text', text }], ...extra };
}

export function observe(
  result: ToolCallResultData,
  extra: Partial<Omit<ToolObservation, 'result'>> = {},
): ToolObservation {
  return { result, durationMs: 10, ...extra };
}

/** Parses the expect block through the schema first, so every case is also a valid `expect:` block. */
export function run(expectBlock: unknown, observation: ToolObservation, options?: CheckToolResultOptions) {
  const parsed = Expect.safeParse(expectBlock);
  if (!parsed.success) throw new Error(`test case has an invalid expect block: ${parsed.error.message}`);
  return checkToolResult(parsed.data, observation, options);
}

export type Case = [label: string, expectBlock: unknown, observation: ToolObservation];
/** A RegExp message is for text that embeds a V8 error message, which differs between Node versions. */
export type FailCase = [label: string, expectBlock: unknown, observation: ToolObservation, message: string | RegExp];

export function table(name: string, passing: Case[], failing: FailCase[], expectation: string) {
  describe(name, () => {
    it.each(passing)('passes: %s', (_label, expectBlock, observation) => {
      assertThat(run(expectBlock, observation)).toEqual({ ok: true });
    });
    it.each(failing)('fails: %s', (_label, expectBlock, observation, message) => {
      const outcome = run(expectBlock, observation);
      assertThat(outcome.ok).toBe(false);
      if (outcome.ok) return;
      assertThat(outcome.failure.expectation).toBe(expectation);
      if (typeof message === 'string') assertThat(outcome.failure.message).toBe(message);
      else assertThat(outcome.failure.message).toMatch(message);
      assertThat(outcome.failure.expected).not.toBe('');
    });
  });
}

export const text = (value: string, extra: Partial<ToolCallResultData> = {}) => observe(textResult(value, extra));
export const present = (content: string) => ({ state: 'present', content }) as const;
export const absent = { state: 'absent' } as const;
export const withFiles = (files: Record<string, ObservedFileStates>, value = 'ok') =>
  observe(textResult(value), { files });
