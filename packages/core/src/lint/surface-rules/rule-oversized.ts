import { plural, type SurfaceRule } from './rule-context';

/**
 * Token cost is estimated as one token per 4 characters of the item's compact JSON: the usual average of BPE
 * tokenizers (cl100k, o200k, Claude's) over English and JSON, exact enough to find what is too big.
 */
export const CHARS_PER_TOKEN = 4;
/** One item (a tool with its schemas, a prompt, a resource, the instructions) costing more than this is oversized. */
export const MAX_ITEM_TOKENS = 2_000;
/** The whole surface (everything an agent is given before its first call) costing more than this is oversized. */
export const MAX_SURFACE_TOKENS = 25_000;

/** The estimated tokens of a value as an agent receives it (compact JSON); a string counts as its text. */
export function estimateTokens(value: unknown): number {
  let length: number;
  try {
    length = typeof value === 'string' ? value.length : (JSON.stringify(value) ?? '').length;
  } catch {
    // Nested too deeply to serialise: certainly too big for an agent's context.
    return Number.POSITIVE_INFINITY;
  }
  return Math.ceil(length / CHARS_PER_TOKEN);
}

const shown = (tokens: number) =>
  Number.isFinite(tokens) ? `about ${tokens.toLocaleString('en-US')} tokens` : 'too deeply nested to measure';

/** surface-oversized-item and surface-oversized-surface. */
export const oversizedRule: SurfaceRule = {
  item(item, context) {
    if (item.kind === 'serverInfo') return;
    const tokens = estimateTokens(item.value);
    if (tokens <= MAX_ITEM_TOKENS) return;
    context.emit(
      'surface-oversized-item',
      { kind: item.kind, name: item.name, field: item.kind === 'instructions' ? 'instructions' : '' },
      `${shown(tokens)} (over ${MAX_ITEM_TOKENS.toLocaleString('en-US')}): every conversation that lists it pays for it`,
    );
  },
  surface(context) {
    let total = 0;
    for (const item of context.items) total += estimateTokens(item.value);
    if (total <= MAX_SURFACE_TOKENS) return;
    context.emit(
      'surface-oversized-surface',
      { kind: 'serverInfo', name: context.surface.serverInfo.name, field: '' },
      `the whole surface (${plural(context.items.length, 'item')}) is ${shown(total)}, over ${MAX_SURFACE_TOKENS.toLocaleString('en-US')}: it crowds the agent's context before the first call`,
    );
  },
};
