import { hiddenKind } from './hidden-characters';

/** A word of a text, lower-cased and NFKC-folded, with its UTF-16 span in the original text. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

function isWordChar(ch: string, cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return LETTER_OR_DIGIT.test(ch);
}

/**
 * Splits `text` into words for the phrase rules, in one pass with no regex over the text. What an attacker uses to
 * hide a phrase from a plain substring search is undone here: hidden characters inside a word are skipped
 * (`ig\u200Bnore` is "ignore"), tag characters count as the ASCII they mirror, full-width and other compatibility
 * forms fold by NFKC, and apostrophes inside a word are dropped (`don't` is "dont").
 */
export function splitText(text: string): Word[] {
  const words: Word[] = [];
  let current = '';
  let start = 0;
  const flush = (end: number) => {
    if (current !== '') words.push({ text: current, start, end });
    current = '';
  };
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) ?? 0;
    const length = cp > 0xffff ? 2 : 1;
    let ch = text.slice(i, i + length);
    if (cp >= 0xe0020 && cp <= 0xe007e) ch = String.fromCharCode(cp - 0xe0000);
    else if (hiddenKind(cp) !== undefined) {
      i += length;
      continue;
    } else if ((ch === "'" || ch === '’' || ch === 'ʼ') && current !== '') {
      i += length;
      continue;
    }
    const folded = ch.charCodeAt(0) < 0x80 ? ch.toLowerCase() : ch.normalize('NFKC').toLowerCase();
    const fcp = folded.codePointAt(0) ?? 0;
    if (folded.length > 0 && isWordChar(folded, fcp)) {
      if (current === '') start = i;
      current += folded;
    } else {
      flush(i);
    }
    i += length;
  }
  flush(text.length);
  return words;
}

/** A phrase found: the indices of its first and last word. */
export interface PhraseMatch {
  phrase: readonly string[];
  first: number;
  last: number;
}

/** Phrases indexed by their first word, so matching is one look-up per word of the text. */
export class PhraseSet {
  private readonly byFirst = new Map<string, (readonly string[])[]>();
  constructor(phrases: readonly string[]) {
    for (const phrase of phrases) {
      const parts = phrase.split(' ');
      const first = parts[0] ?? '';
      this.byFirst.set(first, [...(this.byFirst.get(first) ?? []), parts]);
    }
  }

  /** Every match, left to right (a phrase starting at each word at most once). */
  matches(words: readonly Word[]): PhraseMatch[] {
    const found: PhraseMatch[] = [];
    words.forEach((word, index) => {
      for (const phrase of this.byFirst.get(word.text) ?? []) {
        if (phrase.every((part, offset) => words[index + offset]?.text === part)) {
          found.push({ phrase, first: index, last: index + phrase.length - 1 });
          break;
        }
      }
    });
    return found;
  }
}
