import { table, present, absent, withFiles } from '../test-table';

table(
  'file_unchanged',
  [
    [
      'same content',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: present('{"a":1}'), after: present('{"a":1}') } }),
    ],
  ],
  [
    [
      'modified',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: present('{"a":1}'), after: present('{"a":2}') } }),
      'file_unchanged: c.json was modified (first difference at character 5): was "{\\"a\\":1}", now "{\\"a\\":2}"',
    ],
    [
      'deleted',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: present('x'), after: absent } }),
      'file_unchanged: cannot read c.json after the call: no such file',
    ],
    [
      'did not exist before',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: absent, after: absent } }),
      'file_unchanged: cannot read c.json before the call: no such file',
    ],
    [
      'before not observed',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { after: present('x') } }),
      'file_unchanged: cannot read c.json before the call: not observed by the executor',
    ],
  ],
  'file_unchanged',
);
