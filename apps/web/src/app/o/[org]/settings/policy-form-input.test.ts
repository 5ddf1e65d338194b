import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { PolicyFormInput } from './policy-form-input';

const issues = (form: Record<string, string | string[]>) => {
  const result = PolicyFormInput.safeParse(form);
  if (result.success) throw new Error('expected issues');
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('PolicyFormInput', () => {
  it('an empty form is the default policy (unchecked box, empty limits)', () => {
    expect(PolicyFormInput.parse({})).toEqual({
      execute_destructive: false,
      concurrency: 2,
      call_delay_ms: 100,
      annotation_trust: 'trust',
      overrides: [],
      mutating_words: [],
      destructive_words: [],
    });
  });

  it('reads every knob: checkbox, numbers, radio, override rows in index order, word lists', () => {
    expect(
      PolicyFormInput.parse({
        execute_destructive: 'on',
        max_calls: '50',
        daily_call_budget: ' 1000 ',
        concurrency: '4',
        call_delay_ms: '0',
        annotation_trust: 'cap',
        'overrides[1].tool': 'drop_*',
        'overrides[1].class': 'Destructive',
        'overrides[0].tool': 'get_weather',
        'overrides[0].class': 'ReadOnly',
        mutating_words: 'enqueue, schedule\n\nforce-push',
        destructive_words: 'nuke',
      }),
    ).toEqual({
      execute_destructive: true,
      max_calls: 50,
      daily_call_budget: 1000,
      concurrency: 4,
      call_delay_ms: 0,
      annotation_trust: 'cap',
      overrides: [
        { tool: 'get_weather', class: 'ReadOnly' },
        { tool: 'drop_*', class: 'Destructive' },
      ],
      mutating_words: ['enqueue', 'schedule', 'force-push'],
      destructive_words: ['nuke'],
    });
  });

  it('names the field of every problem, as the form names it', () => {
    // The form's own checks come first (the API's schema is not asked while they fail).
    expect(
      issues({ max_calls: '1.5', concurrency: '99', 'overrides[0].tool': '', 'overrides[0].class': 'ReadOnly' }).sort(),
    ).toEqual([
      ['max_calls', 'enter a whole number, or leave it empty'],
      ['overrides.0.tool', 'enter a tool name or a glob such as delete_*, or remove this row'],
    ]);
    // Past the form's own checks, the API's schema speaks (same paths).
    const deeper = PolicyFormInput.safeParse({ concurrency: '99', annotation_trust: 'maybe', mutating_words: '--' });
    expect(deeper.error).toBeInstanceOf(ZodError);
    expect(deeper.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'concurrency',
      'annotation_trust',
      'mutating_words.0',
    ]);
  });
});
