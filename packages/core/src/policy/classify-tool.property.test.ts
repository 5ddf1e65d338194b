import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cautionRank, classifyTool } from './classify-tool';
import { ExecPolicy } from './exec-policy-schema';
import { splitWords } from './split-words';

const piece = fc.constantFrom('get', 'delete', 'Create', 'HTTP', 'post', 'reset', 'drop', 'down', 'x2', 'Wipe', 'list');
const separator = fc.constantFrom('', '_', '-', '.', '/', ':', ' ');
const name = fc
  .array(fc.tuple(piece, separator), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([p, s]) => p + s).join(''))
  .filter((n) => n.length > 0);
const hint = fc.constantFrom(undefined, true, false, 'true', null);
const annotations = fc.option(
  fc.record({ readOnlyHint: hint, destructiveHint: hint, idempotentHint: hint }, { requiredKeys: [] }),
  { nil: undefined },
);
const meta = fc.option(
  fc.record({ 'mcp.dev/effect': fc.constantFrom('read', 'write', 'delete', 'external', 'nuke') }),
  {
    nil: undefined,
  },
);
const tool = fc.record({ name, annotations, _meta: meta }, { requiredKeys: ['name'] });

const trust = ExecPolicy.parse({});
const ignore = ExecPolicy.parse({ annotation_trust: 'ignore' });
const cap = ExecPolicy.parse({ annotation_trust: 'cap' });

describe('annotation trust modes', () => {
  // mergeSuitePolicy lets any suite choose cap because of this property.
  it('cap is at least as cautious as trust and as ignore', () => {
    fc.assert(
      fc.property(tool, (t) => {
        const capped = cautionRank(classifyTool(t, cap).class);
        expect(capped).toBeGreaterThanOrEqual(cautionRank(classifyTool(t, trust).class));
        expect(capped).toBeGreaterThanOrEqual(cautionRank(classifyTool(t, ignore).class));
      }),
    );
  });
});

describe('splitWords', () => {
  it('lower-cases each word on its own (a capital sigma after another word is σ, not ς)', () => {
    expect(splitWords('𝜶Σ')).toEqual(['𝜶', 'σ']);
    expect(splitWords('ΟΔΟΣ')).toEqual(['οδος']);
  });

  it('keeps every letter and digit, in order, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const kept = [...s].filter((c) => /[\p{L}\p{Nd}]/u.test(c)).join('');
        // Σ lower-cases to ς at the end of a word and to σ elsewhere, and the words end in different places in the
        // two strings (found by a CI run: "𝜶Σ" is two words, so splitWords gives "𝜶σ"); compare with one sigma.
        const oneSigma = (text: string) => text.replaceAll('ς', 'σ');
        expect(oneSigma(splitWords(s).join(''))).toBe(oneSigma(kept.toLowerCase()));
      }),
    );
  });
});
