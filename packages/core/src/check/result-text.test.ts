import { describe, expect as assertThat, it } from 'vitest';
import { resultText } from './result-text';

describe('resultText', () => {
  it.each([
    [
      'joins text blocks with newlines',
      [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      'a\nb',
    ],
    [
      'skips image and audio blocks',
      [
        { type: 'image', data: 'x' },
        { type: 'text', text: 'a' },
        { type: 'audio', data: 'y' },
      ],
      'a',
    ],
    [
      'skips a text block without a string',
      [
        { type: 'text', text: 3 },
        { type: 'text', text: 'a' },
      ],
      'a',
    ],
    ['no content', undefined, ''],
  ] as const)('%s', (_label, content, joined) => {
    assertThat(resultText({ content })).toBe(joined);
  });
});
