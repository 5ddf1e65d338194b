import { describe, expect, it } from 'vitest';
import { eraOfVersion, isProtocolChoice, planProtocol, PROTOCOL_CHOICES } from './protocol-choice';

describe('planProtocol', () => {
  it.each([
    ['auto', { era: 'auto' }],
    ['modern', { era: 'modern', version: '2026-07-28' }],
    ['2026-07-28', { era: 'modern', version: '2026-07-28' }],
    ['legacy', { era: 'legacy', version: '2025-11-25' }],
    ['2025-11-25', { era: 'legacy', version: '2025-11-25' }],
    ['2025-06-18', { era: 'legacy', version: '2025-06-18' }],
    ['2024-11-05', { era: 'legacy', version: '2024-11-05' }],
  ] as const)('%s', (choice, plan) => {
    expect(planProtocol(choice)).toEqual(plan);
  });

  it('every choice is recognised and plans', () => {
    for (const choice of PROTOCOL_CHOICES) {
      expect(isProtocolChoice(choice)).toBe(true);
      expect(planProtocol(choice).era).toMatch(/^(auto|modern|legacy)$/);
    }
  });

  it.each(['2025-01-01', 'AUTO', '', 'latest'])('refuses %j', (value) => {
    expect(isProtocolChoice(value)).toBe(false);
  });
});

describe('eraOfVersion', () => {
  it.each([
    ['2026-07-28', 'modern'],
    ['2027-01-01', 'modern'],
    ['2025-11-25', 'legacy'],
    ['2024-11-05', 'legacy'],
  ] as const)('%s is %s', (version, era) => {
    expect(eraOfVersion(version)).toBe(era);
  });
});
