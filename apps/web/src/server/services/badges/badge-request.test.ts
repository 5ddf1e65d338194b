import { describe, expect, it } from 'vitest';
import { MAX_BADGE_LABEL_LENGTH, parseBadgeRequest } from './badge-request';

const parse = (file: string, query = '') => parseBadgeRequest(file, new URLSearchParams(query));

describe('parseBadgeRequest', () => {
  it('reads the key and format from the file name, with flat and the default label by default', () => {
    expect(parse('abc_DEF-1.svg')).toEqual({
      ok: true,
      request: { badgeKey: 'abc_DEF-1', format: 'svg', style: 'flat' },
    });
    expect(parse('k.json', 'style=for-the-badge&label=my%20api&v=2')).toEqual({
      ok: true,
      request: { badgeKey: 'k', format: 'json', style: 'for-the-badge', label: 'my api' },
    });
    expect(parse('k.svg', 'style=flat-square&label=')).toEqual({
      ok: true,
      request: { badgeKey: 'k', format: 'svg', style: 'flat-square', label: '' },
    });
  });

  it.each(['k.png', 'k', 'k.svg.gz', '.svgx'])('%s is no badge (404)', (file) => {
    expect(parse(file)).toMatchObject({ ok: false, status: 404 });
  });

  it.each([
    ['style=plastic', 'style'],
    ['style=', 'style'],
    [`label=${'x'.repeat(MAX_BADGE_LABEL_LENGTH + 1)}`, 'label'],
    ['label=a%0Ab', 'label'],
  ])('%s is a bad query (400 naming %s)', (query, path) => {
    expect(parse('k.svg', query)).toMatchObject({ ok: false, status: 400, issues: [{ path }] });
  });

  it('accepts a label of the maximum length', () => {
    expect(parse('k.svg', `label=${'x'.repeat(MAX_BADGE_LABEL_LENGTH)}`)).toMatchObject({ ok: true });
  });
});
