import { table, present, absent, withFiles } from '../test-table';

table(
  'file_not_exists',
  [['absent', { file_not_exists: ['gone.txt'] }, withFiles({ 'gone.txt': { after: absent } })]],
  [
    [
      'exists',
      { file_not_exists: ['gone.txt'] },
      withFiles({ 'gone.txt': { after: present('') } }),
      'file_not_exists: expected gone.txt not to exist, but it does',
    ],
    [
      'unreadable is not proof of absence',
      { file_not_exists: ['gone.txt'] },
      withFiles({ 'gone.txt': { after: { state: 'unreadable', reason: 'EACCES' } } }),
      'file_not_exists: error checking gone.txt: EACCES',
    ],
    [
      'not observed',
      { file_not_exists: ['gone.txt'] },
      withFiles({}),
      'file_not_exists: error checking gone.txt: not observed by the executor',
    ],
  ],
  'file_not_exists',
);
