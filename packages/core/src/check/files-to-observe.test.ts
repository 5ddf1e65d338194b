import { describe, expect as assertThat, it } from 'vitest';
import { filesToObserve } from './files-to-observe';
import { Expect } from './expect-schema';

describe('filesToObserve', () => {
  it('reads file_unchanged before, and every file path after, sorted and deduplicated', () => {
    const files = filesToObserve(
      Expect.parse({
        file_contains: { 'b.txt': 'x', 'a.txt': 'y' },
        file_not_contains: { 'a.txt': 'z' },
        file_not_exists: ['gone.txt'],
        file_unchanged: ['conf.json'],
      }),
    );
    assertThat(files).toEqual({ before: ['conf.json'], after: ['a.txt', 'b.txt', 'conf.json', 'gone.txt'] });
  });
  it('is empty without file expectations', () => {
    assertThat(filesToObserve(Expect.parse({ contains: ['x'] }))).toEqual({ before: [], after: [] });
  });
});
