import { describe, expect, it } from 'vitest';
import { makeUptimeBadgeData } from './uptime-badge';

describe('makeUptimeBadgeData', () => {
  it.each([
    [{ enabled: false, state: 'UP', availability: 100 }, 'paused', 'lightgrey'],
    [{ enabled: true, state: 'DOWN', availability: 99.99 }, 'down', 'red'],
    [{ enabled: true, state: 'UNKNOWN', availability: null }, 'no data', 'lightgrey'],
    [{ enabled: true, state: 'UP', availability: 100 }, '100%', 'brightgreen'],
    [{ enabled: true, state: 'UP', availability: 99.9 }, '99.9%', 'brightgreen'],
    [{ enabled: true, state: 'UP', availability: 97.5 }, '97.5%', 'yellow'],
    [{ enabled: true, state: 'UNKNOWN', availability: 50 }, '50%', 'orange'],
  ] as const)('%j -> %s %s', (input, message, color) => {
    expect(makeUptimeBadgeData(input)).toEqual({ schemaVersion: 1, label: 'uptime', message, color });
  });

  it('takes a label', () => {
    expect(makeUptimeBadgeData({ enabled: true, state: 'DOWN', availability: null }, 'api').label).toBe('api');
  });
});
