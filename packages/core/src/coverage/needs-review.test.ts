import { describe, expect, it } from 'vitest';
import { classifyTool } from '../policy/classify-tool';
import { ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { needsReview } from './needs-review';

const policy = ExecPolicy.parse({});
const rows: [label: string, tool: ToolDescriptor, word: string | undefined][] = [
  [
    'read name, description writes',
    { name: 'sync_inbox', description: 'Stores every message in the archive.' },
    'stores',
  ],
  ['imperative verb', { name: 'notes', description: 'Save a note for later.' }, 'save'],
  ['toggles', { name: 'toggle-simulated-logging', description: 'Toggles simulated logging' }, 'toggles'],
  ['a pure read', { name: 'get_user', description: 'Returns the user with this id.' }, undefined],
  ['noun uses do not count', { name: 'list_sets', description: 'Lists a set of items in the store.' }, undefined],
  ['no description', { name: 'sync_inbox' }, undefined],
  ['description not a string', { name: 'sync_inbox', description: 42 }, undefined],
  // Only a class guessed from the name alone needs review.
  ['name already says mutating', { name: 'create_user', description: 'Creates a user.' }, undefined],
  [
    'declared read-only',
    { name: 'sync_inbox', description: 'Stores messages.', annotations: { readOnlyHint: true } },
    undefined,
  ],
  ['word only past the read limit', { name: 'x', description: `${'a '.repeat(2500)}deletes` }, undefined],
];

describe('needsReview', () => {
  it.each(rows)('%s', (_label, tool, word) => {
    expect(needsReview(tool, classifyTool(tool, policy))).toBe(word);
  });

  it('does not second-guess a tenant override', () => {
    const overridden = ExecPolicy.parse({ overrides: [{ tool: 'sync_inbox', class: 'ReadOnly' }] });
    const tool = { name: 'sync_inbox', description: 'Deletes old messages.' };
    expect(needsReview(tool, classifyTool(tool, overridden))).toBeUndefined();
  });
});
