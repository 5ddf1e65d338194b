import { table, present, absent, withFiles } from '../test-table';

table(
  'file_contains',
  [
    [
      'contains',
      { file_contains: { 'out.txt': 'hello' } },
      withFiles({ 'out.txt': { after: present('hello world') } }),
    ],
  ],
  [
    [
      'does not contain',
      { file_contains: { 'out.txt': 'bye' } },
      withFiles({ 'out.txt': { after: present('hello') } }),
      'file_contains: out.txt does not contain "bye", got: hello',
    ],
    [
      'missing file',
      { file_contains: { 'out.txt': 'x' } },
      withFiles({ 'out.txt': { after: absent } }),
      'file_contains: cannot read out.txt: no such file',
    ],
    [
      'unreadable',
      { file_contains: { 'out.txt': 'x' } },
      withFiles({ 'out.txt': { after: { state: 'unreadable', reason: 'EACCES: permission denied' } } }),
      'file_contains: cannot read out.txt: EACCES: permission denied',
    ],
    [
      'not observed',
      { file_contains: { 'out.txt': 'x' } },
      withFiles({}),
      'file_contains: cannot read out.txt: not observed by the executor',
    ],
    [
      'paths in sorted order',
      { file_contains: { 'b.txt': 'x', 'a.txt': 'x' } },
      withFiles({ 'a.txt': { after: present('') }, 'b.txt': { after: present('') } }),
      'file_contains: a.txt does not contain "x", got: ',
    ],
  ],
  'file_contains',
);
