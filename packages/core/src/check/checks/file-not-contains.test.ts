import { table, present, absent, withFiles } from '../test-table';

table(
  'file_not_contains',
  [
    [
      'absent substring',
      { file_not_contains: { 'a.txt': 'secret' } },
      withFiles({ 'a.txt': { after: present('public') } }),
    ],
  ],
  [
    [
      'present substring',
      { file_not_contains: { 'a.txt': 'secret' } },
      withFiles({ 'a.txt': { after: present('my secret') } }),
      'file_not_contains: a.txt contains "secret": my secret',
    ],
    [
      'missing file fails (as in mcp-assert)',
      { file_not_contains: { 'a.txt': 'secret' } },
      withFiles({ 'a.txt': { after: absent } }),
      'file_not_contains: cannot read a.txt: no such file',
    ],
  ],
  'file_not_contains',
);
