import { table, text } from '../test-table';

table(
  'net_delta',
  [
    ['zero', { net_delta: 0 }, text('{"net_delta":0,"errors":[]}')],
    ['negative', { net_delta: -2 }, text('{"net_delta":-2}')],
    ['fraction truncated like Go int()', { net_delta: 1 }, text('{"net_delta":1.9}')],
  ],
  [
    ['different', { net_delta: 0 }, text('{"net_delta":3}'), 'expected net_delta=0, got 3'],
    ['missing', { net_delta: 0 }, text('{"other":1}'), 'net_delta: field not found or not a number in result'],
    ['string', { net_delta: 0 }, text('{"net_delta":"0"}'), 'net_delta: field not found or not a number in result'],
    [
      'whole text must be JSON',
      { net_delta: 0 },
      text('{"net_delta":0}\nhint'),
      /^net_delta: result is not a JSON object: Unexpected non-whitespace character after JSON at position 16.*; got: \{"net_delta":0\}\nhint$/,
    ],
    ['array', { net_delta: 0 }, text('[]'), 'net_delta: result is not a JSON object: not a JSON object; got: []'],
  ],
  'net_delta',
);
