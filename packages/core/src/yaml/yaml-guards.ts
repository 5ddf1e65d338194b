import { type CST, type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node, visit } from 'yaml';

/*
 * Limits that keep the loader's cost linear in the file's size whatever the file holds (fuzzing found each of these):
 * - the yaml composer recurses once per nesting level, so a few thousand `[` overflow the stack (and a process that
 *   overflows its stack repeatedly can die outright); the CST parser is iterative, so the depth is checked there first;
 * - aliases can nest a value far deeper than the text shows, or inside itself (`a: &a [*a]` is a cycle toJS()
 *   happily builds, which JSON.stringify, zod and the executor then choke on);
 * - aliases multiply what a small text holds ("billion laughs"; and toJS()'s own alias count still lets one big anchor
 *   be aliased a thousand times), so what they add once expanded is bounded;
 * - yaml's own duplicate-key check compares every key with every other (quadratic: 40,000 keys took a minute), so
 *   the loader turns it off and checks here with a Set per mapping.
 */

/** Deepest nesting of mappings and sequences a suite may use (aliases expanded); real suites need well under 20. */
export const MAX_YAML_DEPTH = 64;

/**
 * Values (scalars and collections) that aliases may add to a document once expanded. Aliases share one object in
 * toJS(), but everything after it (schema checks, templating, the JSON of a tool call) walks the expanded tree, so
 * a 256 KiB anchor aliased 1,000 times would be a quarter-gigabyte request. Real suites alias a server block or a few
 * arguments: tens or hundreds of values.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

/** One problem found by the guards, at an offset of the text (the loader turns it into line and column). */
export interface YamlProblem {
  offset: number;
  message: string;
  hint?: string | undefined;
}

const TOO_DEEP_HINT = 'flatten the structure; a suite needs only a few levels of nesting';

function tooDeep(offset: number, throughAlias: boolean): YamlProblem {
  return {
    offset,
    message: `nested more than ${MAX_YAML_DEPTH} levels deep${throughAlias ? ' once this alias is expanded' : ''}`,
    hint: TOO_DEEP_HINT,
  };
}

/** The first collection of the token stream nested deeper than MAX_YAML_DEPTH, found without recursion. */
export function findTooDeepToken(tokens: readonly CST.Token[]): YamlProblem | undefined {
  const stack: { token: CST.Token; depth: number }[] = [...tokens].reverse().map((token) => ({ token, depth: 0 }));
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { token, depth } = next;
    if (token.type === 'document') {
      if (token.value) stack.push({ token: token.value, depth });
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    if (depth + 1 > MAX_YAML_DEPTH) return tooDeep(token.offset, false);
    // Reversed so the stack pops them in document order (the first too-deep token is the one reported).
    for (let i = token.items.length - 1; i >= 0; i--) {
      const item = token.items[i];
      if (item?.value) stack.push({ token: item.value, depth: depth + 1 });
      if (item?.key) stack.push({ token: item.key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** A `{`, `[` or quote the text opens and never closes, where it was opened. */
export interface UnclosedOpener {
  offset: number;
  opener: '{' | '[' | '"' | "'";
}

const CLOSER: Record<UnclosedOpener['opener'], string> = { '{': '}', '[': ']', '"': '"', "'": "'" };

/**
 * Every flow collection and quoted scalar of the token stream that is never closed, found without recursion. yaml
 * reports these where it noticed (the next line, for a `{` left open at the end of a line: one line past the
 * mistake); the loader reports them at the opener instead, where the fix goes.
 */
export function findUnclosedOpeners(tokens: readonly CST.Token[]): UnclosedOpener[] {
  const found: UnclosedOpener[] = [];
  const stack: CST.Token[] = [...tokens];
  for (let token = stack.pop(); token !== undefined; token = stack.pop()) {
    switch (token.type) {
      case 'document':
        if (token.value) stack.push(token.value);
        break;
      case 'double-quoted-scalar':
      case 'single-quoted-scalar': {
        const quote = token.type === 'double-quoted-scalar' ? '"' : "'";
        const closed = token.source.length >= 2 && token.source.endsWith(quote) && !endsEscaped(token.source);
        if (!closed) found.push({ offset: token.offset, opener: quote });
        break;
      }
      case 'flow-collection': {
        const opener = token.start.source === '{' ? '{' : '[';
        if (token.end[0]?.source !== CLOSER[opener]) found.push({ offset: token.offset, opener });
        for (const item of token.items) {
          if (item.value) stack.push(item.value);
          if (item.key) stack.push(item.key);
        }
        break;
      }
      case 'block-map':
      case 'block-seq':
        for (const item of token.items) {
          if (item.value) stack.push(item.value);
          if ('key' in item && item.key) stack.push(item.key);
        }
        break;
      default:
        break;
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** A double-quoted source ending in `\"` ends with an escaped quote, not a closing one (an even run closes). */
function endsEscaped(source: string): boolean {
  let backslashes = 0;
  for (let i = source.length - 2; i >= 0 && source[i] === '\\'; i--) backslashes++;
  return source.startsWith('"') && backslashes % 2 === 1;
}

/**
 * Where a yaml error about a missing closer belongs: the innermost opener of that kind left open before it (yaml's
 * "... must ... end with a }" and "Missing closing \"quote" errors). Undefined for other errors. `openers` in offset
 * order (as findUnclosedOpeners returns them); a binary search, so a file of many such errors stays linear-ish.
 */
export function openerOfError(
  message: string,
  offset: number,
  openers: readonly UnclosedOpener[],
): UnclosedOpener | undefined {
  const kind = /end with a \}/.test(message)
    ? '{'
    : /end with a \]/.test(message)
      ? '['
      : /Missing closing "quote/.test(message)
        ? '"'
        : /Missing closing 'quote/.test(message)
          ? "'"
          : undefined;
  if (kind === undefined) return undefined;
  let low = 0;
  let high = openers.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((openers[mid] as UnclosedOpener).offset <= offset) low = mid + 1;
    else high = mid;
  }
  // The nearest opener of this kind before the error (brackets of the other kind may sit in between).
  for (let i = low - 1; i >= 0 && i >= low - 64; i--) if (openers[i]?.opener === kind) return openers[i];
  return undefined;
}

function startOf(node: unknown): number {
  const range = (node as { range?: unknown } | null)?.range;
  return Array.isArray(range) && typeof range[0] === 'number' ? range[0] : 0;
}

/** Each alias's anchored node, resolved as yaml does (the last anchor of that name before the alias) in one pass. */
function aliasTargets(doc: Document): Map<object, Node> {
  const latest = new Map<string, Node>();
  const targets = new Map<object, Node>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        const target = latest.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) {
        latest.set(node.anchor, node);
      }
    },
  });
  return targets;
}

function childrenOf(node: unknown): unknown[] {
  if (!isMap(node) && !isSeq(node)) return [];
  const children: unknown[] = [];
  for (const item of node.items as unknown[]) {
    if (isPair(item)) children.push(item.key, item.value);
    else children.push(item);
  }
  return children;
}

/** Duplicate scalar keys of one mapping, with yaml's own notion of equal keys (`===` on the scalar values). */
function duplicateKeys(node: unknown, problems: YamlProblem[]): void {
  if (!isMap(node)) return;
  const seen = new Set<unknown>();
  for (const pair of node.items) {
    const key = pair.key;
    if (!isScalar(key)) continue;
    // NaN never equals itself under ===, and merge keys (`<<`) are symbols, each its own.
    if (typeof key.value === 'number' && Number.isNaN(key.value)) continue;
    if (seen.has(key.value)) {
      problems.push({
        offset: startOf(key),
        message: 'invalid YAML: Map keys must be unique',
        hint: 'a key may appear only once in a mapping',
      });
    }
    seen.add(key.value);
  }
}

interface Frame {
  node: object;
  children: unknown[];
  next: number;
  /** Collection levels of the deepest child finished so far. */
  height: number;
  /** Values in this node once aliases are expanded (itself included), summed over the children finished so far. */
  size: number;
  /** Where an alias on the way down led here (its offset), for errors about what the expansion contains. */
  alias?: number;
}

/** What a finished node contributes to its parent. */
interface Measure {
  height: number;
  size: number;
}

/**
 * Walks a composed document once, without recursion: duplicate keys, alias cycles, nesting deeper than MAX_YAML_DEPTH
 * and growth beyond MAX_ALIAS_EXPANSION once aliases are expanded. Each node is measured once, so a "billion laughs"
 * document costs no more than its text.
 */
export function checkDocumentTree(doc: Document): YamlProblem[] {
  const problems: YamlProblem[] = [];
  const targets = aliasTargets(doc);
  const measured = new Map<object, Measure>();
  const open = new Set<object>();
  const stack: Frame[] = [];
  /** Values of the text itself, and the alias whose expansion is the largest (where a too-big error points). */
  let literal = 0;
  let largest: { offset: number; size: number } | undefined;

  /** Starts `value` below the current frame, or returns its measure when it is known or not a collection. */
  const enter = (value: unknown, alias: number | undefined): Measure | 'entered' | 'failed' => {
    let node = value;
    let via = alias;
    if (isAlias(node)) {
      via ??= startOf(node);
      const target = targets.get(node);
      // An undefined alias is already a YAML error of its own.
      if (!target) return { height: 0, size: 1 };
      if (open.has(target)) {
        problems.push({
          offset: startOf(node),
          message: `alias *${node.source} refers to a value that contains it (a recursive structure)`,
          hint: 'repeat the value instead of referring to one of its own parents',
        });
        return 'failed';
      }
      const known = measured.get(target);
      if (known && (!largest || known.size > largest.size)) largest = { offset: startOf(node), size: known.size };
      node = target;
    } else if (alias === undefined) {
      // Beneath an alias everything is expansion; elsewhere a value of the text itself.
      literal += 1;
    }
    if (!isMap(node) && !isSeq(node)) return { height: 0, size: 1 };
    const known = measured.get(node);
    if (known !== undefined) {
      if (stack.length + known.height > MAX_YAML_DEPTH) {
        problems.push(tooDeep(via ?? startOf(node), via !== undefined));
        return 'failed';
      }
      return known;
    }
    if (stack.length + 1 > MAX_YAML_DEPTH) {
      problems.push(tooDeep(via ?? startOf(node), via !== undefined));
      return 'failed';
    }
    duplicateKeys(node, problems);
    open.add(node);
    const frame: Frame = { node, children: childrenOf(node), next: 0, height: 0, size: 1 };
    if (via !== undefined) frame.alias = via;
    stack.push(frame);
    return 'entered';
  };

  const root = enter(doc.contents, undefined);
  if (root === 'failed') return problems;
  let total = root === 'entered' ? 0 : root.size;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next];
      frame.next += 1;
      const outcome = enter(child, frame.alias);
      if (outcome === 'failed') return problems;
      if (outcome !== 'entered') {
        frame.height = Math.max(frame.height, outcome.height);
        frame.size += outcome.size;
      }
      continue;
    }
    stack.pop();
    open.delete(frame.node);
    const measure = { height: frame.height + 1, size: frame.size };
    measured.set(frame.node, measure);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.height = Math.max(parent.height, measure.height);
      parent.size += measure.size;
    } else {
      total = measure.size;
    }
  }
  if (total - literal > MAX_ALIAS_EXPANSION) {
    problems.push({
      offset: largest?.offset ?? startOf(doc.contents),
      message: `aliases expand this document by more than ${MAX_ALIAS_EXPANSION} values`,
      hint: 'repeat fewer or smaller anchored values; is this a YAML bomb?',
    });
  }
  return problems;
}
