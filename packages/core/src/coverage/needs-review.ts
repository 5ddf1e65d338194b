import type { ToolClassification } from '../policy/classify-tool';
import { splitWords } from '../policy/split-words';
import type { ToolDescriptor } from '../policy/tool-descriptor';

/**
 * Words in a description that say the tool changes state (docs/health.md lists them). Verb forms a description
 * uses ("Creates a ...", "Create a ..."), not nouns that read the same in other sentences ("a set of", "the store").
 */
export const STATE_CHANGE_WORDS: readonly string[] = [
  'create',
  'creates',
  'update',
  'updates',
  'sends',
  'delete',
  'deletes',
  'write',
  'writes',
  'modify',
  'modifies',
  'stores',
  'save',
  'saves',
  'remove',
  'removes',
  'insert',
  'inserts',
  'overwrite',
  'overwrites',
  'append',
  'appends',
  'publish',
  'publishes',
  'upload',
  'uploads',
  'persist',
  'persists',
  'mutates',
  'toggles',
  'enables',
  'disables',
];

/** Only the start of a description is read: the verb that says what a tool does comes early, and a long one is hostile. */
const MAX_DESCRIPTION_CHARS = 4000;

/**
 * Whether a person should look at the tool before trusting its class: the class came only from the name heuristic
 * and said read-only (nothing the server declared, no tenant override), yet the description speaks of changing
 * state. Returns the word that raised it, else undefined (the idempotency-tagging proposal's "edge case that needs
 * a human": a tool that changes state with no telltale verb in its name).
 */
export function needsReview(tool: ToolDescriptor, classification: ToolClassification): string | undefined {
  if (classification.source !== 'name' || classification.class !== 'ReadOnlyPresumed') return undefined;
  if (typeof tool.description !== 'string') return undefined;
  const words = new Set(splitWords(tool.description.slice(0, MAX_DESCRIPTION_CHARS)));
  return STATE_CHANGE_WORDS.find((word) => words.has(word));
}
