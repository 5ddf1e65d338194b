import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServerSurface } from '../surface/server-surface';
import { findHiddenChars, lintSurface } from './lint-surface';

/** Text mixing attack material (phrases, markup, hidden and tag characters) with arbitrary Unicode. */
const piece = fc.oneof(
  fc.constantFrom(
    'ignore previous',
    'do not tell the user',
    '<IMPORTANT>',
    '<!--',
    '![x](http://a)',
    '`send_email`',
    'instead of the x_y tool',
    'pass the conversation history',
    '\u200B',
    '\u202E',
    '\u{E0069}',
    '👨‍👩‍👧',
    '\u001b[31m',
    'delete',
    ' ',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const name = text.filter((t) => t.length > 0);
const leaf = fc.record(
  { type: fc.constantFrom('object', 'string'), description: text, enum: fc.array(text, { maxLength: 3 }) },
  { requiredKeys: [] },
);
const nested = fc.record({ type: fc.constant('object'), properties: fc.dictionary(name, leaf, { maxKeys: 3 }) });
const schema = fc.record(
  {
    type: fc.constant('object'),
    description: text,
    properties: fc.dictionary(name, fc.oneof(leaf, nested), { maxKeys: 3 }),
    items: leaf,
  },
  { requiredKeys: [] },
);

const surface: fc.Arbitrary<ServerSurface> = fc.record({
  format: fc.constant(1 as const),
  serverInfo: fc.record({ name, version: text, title: text }),
  protocolVersion: fc.constant('2025-11-25'),
  instructions: fc.option(text, { nil: null }),
  tools: fc.array(
    fc.record(
      { name, title: text, description: text, inputSchema: schema, annotations: fc.constant({}) },
      { requiredKeys: ['name'] },
    ),
    { maxLength: 4 },
  ),
  toolsTruncated: fc.boolean(),
  resources: fc.array(fc.record({ uri: name, name, description: text }), { maxLength: 2 }),
  resourceTemplates: fc.array(fc.record({ uriTemplate: name, name, description: text }), { maxLength: 2 }),
  prompts: fc.array(
    fc.record({ name, description: text, arguments: fc.array(fc.record({ name }), { maxLength: 2 }) }),
    { maxLength: 2 },
  ),
});

describe('lintSurface on arbitrary surfaces', () => {
  it('never throws, is deterministic, and no message or excerpt carries a hidden character', () => {
    fc.assert(
      fc.property(surface, (s) => {
        const findings = lintSurface(s);
        expect(lintSurface(s)).toEqual(findings);
        for (const finding of findings) {
          expect(findHiddenChars(finding.message)).toEqual([]);
          expect(findHiddenChars(finding.excerpt ?? '')).toEqual([]);
        }
      }),
    );
  });
});
