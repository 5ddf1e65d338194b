import { assertNever } from '../result/run-result';
import type { ExecPolicy, ToolClass, ToolClassOverride } from './exec-policy-schema';
import { readAnnotations, readMetaEffect, type MetaEffect } from './read-tool-hints';
import { splitWords } from './split-words';
import type { ToolDescriptor } from './tool-descriptor';

/** Where a tool's class came from, shown next to it everywhere (CLI, UI, stored results). */
export type ClassificationSource = 'override' | 'annotation' | 'meta' | 'name';

export interface ToolClassification {
  class: ToolClass;
  source: ClassificationSource;
  /** One sentence a user can act on: which rule fired and on what. */
  reason: string;
}

/** Built-in name heuristic words (DESIGN.md); a tenant's policy adds to them, never removes. */
export const MUTATING_WORDS: readonly string[] = [
  'create',
  'update',
  'set',
  'send',
  'write',
  'post',
  'put',
  'insert',
  'patch',
  'add',
  'upload',
];
export const DESTRUCTIVE_WORDS: readonly string[] = [
  'delete',
  'remove',
  'drop',
  'destroy',
  'purge',
  'erase',
  'wipe',
  'kill',
  'revoke',
];

/** ReadOnly and ReadOnlyPresumed are equally cautious; Mutating more; Destructive most (used by `cap`). */
export function cautionRank(cls: ToolClass): 0 | 1 | 2 {
  switch (cls) {
    case 'ReadOnly':
    case 'ReadOnlyPresumed':
      return 0;
    case 'Mutating':
      return 1;
    case 'Destructive':
      return 2;
    default:
      return assertNever(cls);
  }
}

/** The class the tool's name alone implies, with the word that decided it. */
export interface NameClassification {
  class: Extract<ToolClass, 'ReadOnlyPresumed' | 'Mutating' | 'Destructive'>;
  /** The list entry that matched (as the policy spells it), absent for ReadOnlyPresumed. */
  word?: string;
}

/**
 * The name heuristic: whole words only (after `splitWords`), destructive outranks mutating. A list entry of several
 * words (`force-push`) matches when the name holds those words in sequence.
 */
export function classifyToolName(
  name: string,
  policy: Pick<ExecPolicy, 'mutating_words' | 'destructive_words'>,
): NameClassification {
  const words = splitWords(name);
  const destructive = findWord(words, [...DESTRUCTIVE_WORDS, ...policy.destructive_words]);
  if (destructive !== undefined) return { class: 'Destructive', word: destructive };
  const mutating = findWord(words, [...MUTATING_WORDS, ...policy.mutating_words]);
  if (mutating !== undefined) return { class: 'Mutating', word: mutating };
  return { class: 'ReadOnlyPresumed' };
}

function findWord(words: readonly string[], entries: readonly string[]): string | undefined {
  for (const entry of entries) {
    const phrase = splitWords(entry);
    if (phrase.length === 0) continue;
    for (let start = 0; start + phrase.length <= words.length; start++) {
      if (phrase.every((word, offset) => words[start + offset] === word)) return entry;
    }
  }
  return undefined;
}

/**
 * Whether `name` matches `glob` (`*` any run of characters, `?` exactly one; case-sensitive, by code point). Not a
 * regex: `a*a*a*…b` built into one backtracks for exponential time on a server's long tool name. Here the pieces
 * between stars are fixed-length, so each is placed at its leftmost fit after the previous one (placing it earlier
 * never hurts a later piece) and nothing is retried: at most |name| × |glob| comparisons.
 */
export function matchGlob(glob: string, name: string): boolean {
  const text = Array.from(name);
  const pieces = glob.split('*').map((piece) => Array.from(piece));
  const first = pieces[0] ?? [];
  if (pieces.length === 1) return first.length === text.length && fitsAt(first, text, 0);
  const last = pieces[pieces.length - 1] ?? [];
  if (first.length + last.length > text.length) return false;
  if (!fitsAt(first, text, 0) || !fitsAt(last, text, text.length - last.length)) return false;
  let from = first.length;
  const until = text.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    let at = from;
    while (at + piece.length <= until && !fitsAt(piece, text, at)) at++;
    if (at + piece.length > until) return false;
    from = at + piece.length;
  }
  return true;
}

function fitsAt(piece: readonly string[], text: readonly string[], at: number): boolean {
  for (let k = 0; k < piece.length; k++) if (piece[k] !== '?' && piece[k] !== text[at + k]) return false;
  return true;
}

function isGlob(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}

/**
 * The override that applies to a tool: an exact name beats any glob; among matching globs the most cautious class
 * wins (ties: first in the list), so reordering the list never makes a tool less safe.
 */
export function findOverride(name: string, overrides: readonly ToolClassOverride[]): ToolClassOverride | undefined {
  const exact = overrides.find((o) => !isGlob(o.tool) && o.tool === name);
  if (exact) return exact;
  let best: ToolClassOverride | undefined;
  for (const o of overrides) {
    if (!isGlob(o.tool) || !matchGlob(o.tool, name)) continue;
    if (best === undefined || cautionRank(o.class) > cautionRank(best.class)) best = o;
  }
  return best;
}

function metaClass(effect: MetaEffect): ToolClass {
  switch (effect) {
    case 'read':
      return 'ReadOnly';
    case 'delete':
      return 'Destructive';
    case 'write':
    case 'external':
      return 'Mutating';
    default:
      return assertNever(effect);
  }
}

/** What the server itself declares (annotations first, then `_meta`), or why nothing it declares is used. */
function declaredClass(tool: ToolDescriptor): {
  declared?: ToolClassification;
  /** `readOnlyHint: false` without a more specific hint: the tool says it changes things, so at least Mutating. */
  floor?: ToolClassification;
  notes: string[];
} {
  const notes: string[] = [];
  let floor: ToolClassification | undefined;
  const annotations = readAnnotations(tool);
  if (annotations.state === 'malformed') {
    notes.push(`annotations ignored as malformed (${annotations.problems.join('; ')})`);
  } else if (annotations.state === 'ok') {
    const { readOnlyHint, destructiveHint, idempotentHint } = annotations.hints;
    if (readOnlyHint === true) {
      return { declared: { class: 'ReadOnly', source: 'annotation', reason: 'annotation readOnlyHint: true' }, notes };
    }
    if (destructiveHint === true) {
      return {
        declared: { class: 'Destructive', source: 'annotation', reason: 'annotation destructiveHint: true' },
        notes,
      };
    }
    if (idempotentHint === false) {
      return {
        declared: { class: 'Mutating', source: 'annotation', reason: 'annotation idempotentHint: false' },
        notes,
      };
    }
    if (readOnlyHint === false) {
      // DESIGN.md's table has no row for it; the cautious reading (and the MCP spec's, where destructiveHint then
      // defaults to true) is that the tool changes something, so it must never be presumed read-only and
      // double-called. The name may still raise it to Destructive.
      floor = { class: 'Mutating', source: 'annotation', reason: 'annotation readOnlyHint: false (not read-only)' };
    }
  }
  const effect = readMetaEffect(tool);
  if (effect.state === 'ok') {
    return {
      declared: { class: metaClass(effect.effect), source: 'meta', reason: `_meta mcp.dev/effect: "${effect.effect}"` },
      notes,
    };
  }
  if (effect.state === 'unknown') notes.push(`_meta mcp.dev/effect ${JSON.stringify(effect.value)} ignored as unknown`);
  return floor ? { floor, notes } : { notes };
}

/** The name's class, unless a `readOnlyHint: false` floor is more cautious. */
function nameOrFloor(byName: ToolClassification, floor: ToolClassification | undefined): ToolClassification {
  return floor && cautionRank(floor.class) > cautionRank(byName.class) ? floor : byName;
}

function nameClassification(tool: ToolDescriptor, policy: ExecPolicy): ToolClassification {
  const byName = classifyToolName(tool.name, policy);
  const reason =
    byName.word === undefined
      ? 'name holds no mutating or destructive word'
      : `name holds the ${byName.class === 'Destructive' ? 'destructive' : 'mutating'} word "${byName.word}"`;
  return { class: byName.class, source: 'name', reason };
}

function withNotes(classification: ToolClassification, notes: readonly string[]): ToolClassification {
  return notes.length === 0
    ? classification
    : { ...classification, reason: `${classification.reason}; ${notes.join('; ')}` };
}

/**
 * Classifies one tool (DESIGN.md, "Execution safety policy"). Sources, first that applies: tenant override, MCP
 * annotations (readOnlyHint true, then destructiveHint true, then idempotentHint false; readOnlyHint false alone makes
 * the tool at least Mutating, whatever the name says), the `mcp.dev/effect` `_meta`
 * hint, the name heuristic. Under `annotation_trust`:
 * - `trust`: as above;
 * - `ignore`: annotations and `_meta` are not read (overrides still apply: they are the tenant's own word);
 * - `cap`: the declared class stands unless the name's class is more cautious, in which case the name's class (and
 *   source) stands.
 */
export function classifyTool(tool: ToolDescriptor, policy: ExecPolicy): ToolClassification {
  const override = findOverride(tool.name, policy.overrides);
  if (override) {
    const how = isGlob(override.tool) ? `matches the glob "${override.tool}"` : 'is listed by name';
    return { class: override.class, source: 'override', reason: `tenant override: the tool ${how}` };
  }

  const trust = policy.annotation_trust;
  switch (trust) {
    case 'ignore': {
      const declares = tool.annotations !== undefined || readMetaEffect(tool).state !== 'absent';
      return withNotes(
        nameClassification(tool, policy),
        declares ? ['annotations and _meta not used (annotation_trust: ignore)'] : [],
      );
    }
    case 'trust': {
      const { declared, floor, notes } = declaredClass(tool);
      return declared ?? withNotes(nameOrFloor(nameClassification(tool, policy), floor), notes);
    }
    case 'cap': {
      const { declared, floor, notes } = declaredClass(tool);
      const byName = nameClassification(tool, policy);
      if (declared === undefined) return withNotes(nameOrFloor(byName, floor), notes);
      if (cautionRank(byName.class) > cautionRank(declared.class)) {
        return {
          ...byName,
          reason: `${byName.reason}, more cautious than the declared ${declared.class} (${declared.reason}); annotation_trust: cap`,
        };
      }
      return declared;
    }
    default:
      return assertNever(trust);
  }
}
