import type { SurfaceRule } from './rule-context';
import { excerpt, type SurfaceItem } from './surface-texts';
import { PhraseSet, splitText } from './words';

/** A name in the text written the way tools are named and referred to as one. */
interface Reference {
  name: string;
  at: number;
  end: number;
}

const IDENT_CHAR = /[A-Za-z0-9_-]/;

/** snake_case, kebab-case or camelCase, not an ALL_CAPS constant (an environment variable), 3 to 64 characters. */
function toolShaped(name: string): boolean {
  if (name.length < 3 || name.length > 64 || !/[a-z]/.test(name) || !/^[A-Za-z]/.test(name)) return false;
  for (let i = 1; i < name.length - 1; i++) {
    const c = name.charAt(i);
    if (c === '_' || c === '-') return true;
    if (/[a-z0-9]/.test(c) && /[A-Z]/.test(name.charAt(i + 1))) return true;
  }
  return false;
}

/**
 * A hyphenated pair (`read-only`, `long-running`, `session-scoped`): English far more often than a tool name, so
 * next to "tool" it counts only in backticks.
 */
function plainCompound(name: string): boolean {
  return !name.includes('_') && !/[a-z][A-Z]/.test(name) && name.split('-').length === 2;
}

/** Client-side names of other servers' tools (`mcp__github__create_issue`, `mcp_tool_send_email`). */
function prefixedToolName(name: string): boolean {
  const lower = name.toLowerCase();
  return (lower.startsWith('mcp_') || lower.includes('__')) && /[a-z]/.test(lower);
}

/**
 * Tool names a text refers to, in one pass: a name in backticks, a tool-shaped name next to the word "tool" ("the
 * send_email tool", "the tool named send_email"), or a client-prefixed tool name. Plain words ("the search tool") are
 * not names: too many honest descriptions use them.
 */
export function findToolReferences(text: string): Reference[] {
  const found: Reference[] = [];
  for (let at = text.indexOf('`'); at !== -1;) {
    const close = text.indexOf('`', at + 1);
    if (close === -1) break;
    const inner = text.slice(at + 1, close).trim();
    if (close - at <= 66 && /^[A-Za-z][A-Za-z0-9_-]*$/.test(inner) && (toolShaped(inner) || prefixedToolName(inner))) {
      found.push({ name: inner, at, end: close + 1 });
    }
    at = text.indexOf('`', close + 1);
  }
  const idents: Reference[] = [];
  for (let i = 0; i < text.length;) {
    if (!IDENT_CHAR.test(text.charAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && IDENT_CHAR.test(text.charAt(i))) i++;
    let s = start;
    let e = i;
    while (s < e && (text.charAt(s) === '-' || text.charAt(s) === '_')) s++;
    while (e > s && (text.charAt(e - 1) === '-' || text.charAt(e - 1) === '_')) e--;
    if (e > s) idents.push({ name: text.slice(s, e), at: s, end: e });
  }
  // Backtick references are sorted and disjoint, so one pointer finds whether an identifier lies inside one.
  const quoted = [...found];
  let q = 0;
  idents.forEach((ident, i) => {
    const lower = (k: number) => idents[k]?.name.toLowerCase();
    const nearTool =
      lower(i + 1) === 'tool' ||
      lower(i - 1) === 'tool' ||
      ((lower(i - 1) === 'named' || lower(i - 1) === 'called') && lower(i - 2) === 'tool');
    if (
      (nearTool && toolShaped(ident.name) && !plainCompound(ident.name)) ||
      (prefixedToolName(ident.name) && ident.name.length <= 96)
    ) {
      while (q < quoted.length && (quoted[q]?.end ?? 0) <= ident.at) q++;
      const inside = quoted[q] !== undefined && (quoted[q]?.at ?? 0) <= ident.at;
      if (!inside) found.push(ident);
    }
  });
  return found.sort((a, b) => a.at - b.at);
}

function foreignReferences(text: string, item: SurfaceItem, known: ReadonlySet<string>): Reference[] {
  return findToolReferences(text).filter((ref) => {
    const lower = ref.name.toLowerCase();
    return lower !== item.name.toLowerCase() && !known.has(lower);
  });
}

/** surface-unlisted-tool-reference: prose naming a tool this server does not list. */
export const unlistedToolReferenceRule: SurfaceRule = {
  item(item, context) {
    for (const { text, location, role } of item.texts) {
      if (role !== 'prose') continue;
      const refs = foreignReferences(text, item, context.knownNames);
      const first = refs[0];
      if (first === undefined) continue;
      const names = [...new Set(refs.map((r) => r.name))];
      context.emit(
        'surface-unlisted-tool-reference',
        location,
        `names ${names.map((n) => `"${n}"`).join(', ')}, which this server does not list: another server's tool, or one this server lists only to some clients`,
        excerpt(text, first.at, first.end),
      );
    }
  },
};

/** Phrases that put this tool in another one's place, or keep the model away from another. */
const DISPLACING = new PhraseSet([
  'instead of',
  'rather than',
  'in place of',
  'side effect on',
  'side effects on',
  'do not use',
  'dont use',
  'never use',
  'never call',
  'do not call',
  'dont call',
  'replaces the',
  'overrides the',
  'takes precedence over',
]);
const TOOL_WORDS = new Set(['tool', 'tools', 'server', 'servers', 'function', 'functions']);
/** Words after a displacing phrase in which the other tool must be named. */
const WINDOW = 8;

/** surface-tool-shadowing: prose telling the model to use this instead of another tool, or to change another tool. */
export const toolShadowingRule: SurfaceRule = {
  item(item, context) {
    for (const { text, location, role } of item.texts) {
      if (role !== 'prose') continue;
      const words = splitText(text);
      const refs = foreignReferences(text, item, context.knownNames);
      let r = 0;
      for (const match of DISPLACING.matches(words)) {
        const from = words[match.last]?.end ?? 0;
        const windowEnd = words[Math.min(words.length - 1, match.last + WINDOW)]?.end ?? from;
        // Matches come left to right, so the first reference after this phrase is found by moving one pointer.
        while (r < refs.length && (refs[r]?.at ?? 0) < from) r++;
        let hit = r < refs.length && (refs[r]?.at ?? Infinity) < windowEnd;
        for (let k = match.last + 1; !hit && k <= match.last + WINDOW && k < words.length; k++) {
          const word = words[k]?.text ?? '';
          const before = words[k - 1]?.text;
          if (TOOL_WORDS.has(word) && before !== 'this' && before !== 'these') hit = true;
        }
        if (!hit) continue;
        const start = words[match.first]?.start ?? 0;
        context.emit(
          'surface-tool-shadowing',
          location,
          `"${match.phrase.join(' ')}" another tool: a description should say what this does, not redirect or change other tools`,
          excerpt(text, start, windowEnd),
        );
        break;
      }
    }
  },
};
