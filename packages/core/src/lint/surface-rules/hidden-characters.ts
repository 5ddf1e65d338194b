/**
 * Characters a person reading a description does not see but a model reads: zero-width and bidirectional controls,
 * Unicode tag characters (which spell ASCII invisibly), variation selectors used to smuggle bytes, control characters
 * and invisible fillers. The test is per code point (no regex over the text), so it is linear on any input.
 */

export type HiddenKind =
  | 'zero-width'
  | 'bidi control'
  | 'tag'
  | 'control'
  | 'variation selector'
  | 'invisible filler'
  | 'line separator'
  | 'format';

const FORMAT = /^\p{Cf}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;

/** The kind of hidden character `cp` is, or undefined for a visible one (or tab, newline, carriage return). */
export function hiddenKind(cp: number): HiddenKind | undefined {
  if (cp < 0x20) return cp === 0x09 || cp === 0x0a || cp === 0x0d ? undefined : 'control';
  if (cp < 0x7f) return undefined;
  if (cp <= 0x9f) return 'control';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (
    cp === 0x061c ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069)
  )
    return 'bidi control';
  if ((cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || cp === 0x180e) return 'zero-width';
  // FE0E/FE0F choose text or emoji presentation and are everywhere in emoji; the others carry no visible meaning.
  if ((cp >= 0xfe00 && cp <= 0xfe0d) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation selector';
  if (cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || cp === 0x034f) return 'invisible filler';
  if (cp === 0x2028 || cp === 0x2029) return 'line separator';
  if (FORMAT.test(String.fromCodePoint(cp))) return 'format';
  return undefined;
}

function isPictographic(cp: number | undefined): boolean {
  return cp !== undefined && cp > 0x7f && PICTOGRAPHIC.test(String.fromCodePoint(cp));
}

/** One hidden character: where it is (UTF-16 offset and length) and what it is. */
export interface HiddenChar {
  at: number;
  length: number;
  cp: number;
  kind: HiddenKind;
}

/**
 * The hidden characters of `text`, in order. A zero-width joiner between two pictographs (an emoji family, 👨‍👩‍👧)
 * is how emoji are built, so it is not counted.
 */
export function findHiddenChars(text: string): HiddenChar[] {
  const found: HiddenChar[] = [];
  let previous: number | undefined;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) ?? 0;
    const length = cp > 0xffff ? 2 : 1;
    const kind = hiddenKind(cp);
    if (kind !== undefined) {
      const next = text.codePointAt(i + length);
      const emojiJoiner = cp === 0x200d && isPictographic(previous) && isPictographic(next);
      if (!emojiJoiner) found.push({ at: i, length, cp, kind });
    }
    previous = cp;
    i += length;
  }
  return found;
}

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

/** `text` with every hidden character written out as `⟨U+200B⟩`, so a person sees what a model reads. */
export function revealHidden(text: string): string {
  let out = '';
  let last = 0;
  for (const hidden of findHiddenChars(text)) {
    out += `${text.slice(last, hidden.at)}⟨U+${hex(hidden.cp)}⟩`;
    last = hidden.at + hidden.length;
  }
  return out + text.slice(last);
}

/** What a run of tag characters spells (U+E0020-U+E007E mirror ASCII), the message a model would read. */
export function decodeTagText(hidden: readonly HiddenChar[]): string {
  let out = '';
  for (const h of hidden) if (h.cp >= 0xe0020 && h.cp <= 0xe007e) out += String.fromCharCode(h.cp - 0xe0000);
  return out;
}

export function formatCodePoint(cp: number): string {
  return `U+${hex(cp)}`;
}
