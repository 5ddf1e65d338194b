import { observe, table, text } from '../test-table';

const person = JSON.stringify({ name: 'alice', age: 30, active: true, tags: ['a', 'b'], address: { city: 'Paris' } });

table(
  'json_path',
  [
    ['with $.', { json_path: { '$.name': 'alice' } }, text(person)],
    ['without $', { json_path: { name: 'alice', 'address.city': 'Paris' } }, text(person)],
    ['number vs number', { json_path: { '$.age': 30 } }, text(person)],
    ['number vs string (compared as %v)', { json_path: { '$.age': '30' } }, text(person)],
    ['boolean vs string', { json_path: { '$.active': 'true' } }, text(person)],
    ['[N] index', { json_path: { '$.tags[1]': 'b' } }, text(person)],
    ['array value', { json_path: { '$.tags': ['a', 'b'] } }, text(person)],
    ['object value, key order irrelevant', { json_path: { '$.o': { b: 1, a: 2 } } }, text('{"o":{"a":2,"b":1}}')],
    ['null', { json_path: { '$.x': null } }, text('{"x":null}')],
    ['nested arrays', { json_path: { '$.grid[1][0]': 3 } }, text('{"grid":[[1,2],[3,4]]}')],
    ['root array', { json_path: { '$[1].id': 2 } }, text('[{"id":1},{"id":2}]')],
    ['root', { json_path: { $: 'plain' } }, text('"plain"')],
    ['prose line before JSON', { json_path: { '$.ok': true } }, text('Here is the result:\n{"ok":true}')],
    ['JSON line before a hint', { json_path: { '$.ok': true } }, text('{"ok":true}\nNext step: call other_tool')],
    [
      'JSON in a second text block',
      { json_path: { '$.id': 7 } },
      observe({
        content: [
          { type: 'text', text: 'Created.' },
          { type: 'text', text: '{"id":7}' },
        ],
      }),
    ],
    [
      'pretty-printed JSON after prose',
      { json_path: { '$.items[1].name': 'b' } },
      text('Found 2 items:\n```json\n{\n  "items": [\n    {"name": "a"},\n    {"name": "b"}\n  ]\n}\n```'),
    ],
    ['brackets inside strings', { json_path: { '$.s': 'a]b}' } }, text('Result:\n{\n"s": "a]b}"\n}')],
    ['empty map checks nothing', { json_path: {} }, text('not json')],
  ],
  [
    ['wrong value', { json_path: { '$.name': 'bob' } }, text(person), 'json_path "$.name": want "bob", got "alice"'],
    ['number differs', { json_path: { '$.age': 31 } }, text(person), 'json_path "$.age": want 31, got 30'],
    ['missing field', { json_path: { '$.email': 'x' } }, text(person), 'json_path "$.email": field "email" not found'],
    [
      'index out of range',
      { json_path: { '$.tags[5]': 'x' } },
      text(person),
      'json_path "$.tags[5]": index 5 out of range (len=2)',
    ],
    [
      'index into a non-array',
      { json_path: { '$.name[0]': 'a' } },
      text(person),
      'json_path "$.name[0]": expected array at "name", got string',
    ],
    [
      'field of a non-object',
      { json_path: { '$.age.value': 1 } },
      text(person),
      'json_path "$.age.value": expected object at "value", got number',
    ],
    [
      'invalid index',
      { json_path: { '$.tags[x]': 'a' } },
      text(person),
      'json_path "$.tags[x]": invalid array index "[x]"',
    ],
    [
      'paths checked in sorted order',
      { json_path: { '$.z': 1, '$.a': 1 } },
      text('{"a":2,"z":2}'),
      'json_path "$.a": want 1, got 2',
    ],
    [
      'not JSON',
      { json_path: { '$.a': 1 } },
      text('plain words'),
      /^json_path: result is not valid JSON: Unexpected token .*; got: plain words$/,
    ],
    ['null vs missing', { json_path: { '$.x': null } }, text('{}'), 'json_path "$.x": field "x" not found'],
  ],
  'json_path',
);
