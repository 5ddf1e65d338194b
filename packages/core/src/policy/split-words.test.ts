import { describe, expect, it } from 'vitest';
import { splitWords } from './split-words';

describe('splitWords', () => {
  it.each([
    ['delete_file', ['delete', 'file']],
    ['delete-file', ['delete', 'file']],
    ['deleteFile', ['delete', 'file']],
    ['DeleteFile', ['delete', 'file']],
    ['repo.delete', ['repo', 'delete']],
    ['repo/delete', ['repo', 'delete']],
    ['repo:delete', ['repo', 'delete']],
    ['repo delete', ['repo', 'delete']],
    ['HTTPPostRequest', ['http', 'post', 'request']],
    ['getHTTPResponse', ['get', 'http', 'response']],
    ['parseURL', ['parse', 'url']],
    ['DELETE_ALL', ['delete', 'all']],
    ['XMLHttpRequest', ['xml', 'http', 'request']],
    ['get2FACode', ['get', '2', 'fa', 'code']],
    ['delete2', ['delete', '2']],
    ['v2.users/list', ['v', '2', 'users', 'list']],
    ['s3Upload', ['s', '3', 'upload']],
    ['  __a--b..c  ', ['a', 'b', 'c']],
    ['reset_settings', ['reset', 'settings']],
    ['dropdown', ['dropdown']],
    ['löschenDatei', ['löschen', 'datei']],
    ['ÉtatGet', ['état', 'get']],
    ['a+b@c#d', ['a', 'b', 'c', 'd']],
    ['', []],
    ['___', []],
  ])('%j -> %j', (name, words) => {
    expect(splitWords(name)).toEqual(words);
  });
});
