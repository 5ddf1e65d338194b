import { describe, expect, it } from 'vitest';
import { explainDetail } from './explain-detail';

describe('explainDetail', () => {
  it.each([
    [
      'expected result to contain "goodbye", got: Echo: hello mcptest',
      { summary: 'expected result to contain "goodbye"', got: 'Echo: hello mcptest' },
    ],
    [
      'expected exact match:\n  want: 5\n  got:  The sum of 2 and 3 is 5.',
      { summary: 'expected an exact match', expected: '5', got: 'The sum of 2 and 3 is 5.' },
    ],
    [
      'structured_content "$.temperature": want 99, got 36',
      { summary: 'structured_content "$.temperature" is not the expected value', expected: '99', got: '36' },
    ],
    [
      'snapshot: text differs from the stored snapshot at character 3: want "abc", got "abd"',
      {
        summary: 'snapshot: text differs from the stored snapshot at character 3',
        expected: '"abc"',
        got: '"abd"',
      },
    ],
    [
      'expected no error but tool returned isError=true; server response: boom',
      { summary: 'expected no error but tool returned isError=true', got: 'boom' },
    ],
    [
      'expected the call to take at most 100 ms, took 250 ms',
      { summary: 'expected the call to take at most 100 ms', got: '250 ms' },
    ],
    [
      'expected at least 5 progress notification(s), got 2',
      { summary: 'expected at least 5 progress notification(s)', got: '2' },
    ],
    [
      'json_path: result is not valid JSON: Unexpected token; got: The sum is 5',
      { summary: 'json_path: result is not valid JSON: Unexpected token', got: 'The sum is 5' },
    ],
    ['connect: ECONNREFUSED 127.0.0.1:9', { summary: 'connect: ECONNREFUSED 127.0.0.1:9' }],
  ])('%j', (detail, explained) => {
    expect(explainDetail(detail)).toEqual(explained);
  });
});
