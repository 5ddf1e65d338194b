/**
 * Splits a tool name into lowercase words, the unit the name heuristic matches on (DESIGN.md, "Execution safety
 * policy"): words break at separators (`_ - . / :`, whitespace and any other character that is not a letter or digit)
 * and at case boundaries, acronyms included:
 *
 * - `deleteFile`, `delete-file`, `delete_file`, `repo.delete` all hold the word `delete`;
 * - `HTTPPostRequest` holds `http`, `post`, `request` (an upper-case run ends before the capital that starts the next
 *   word);
 * - a run of digits is a word of its own, so `get2FACode` is `get`, `2`, `fa`, `code` and `delete2` still holds
 *   `delete`. Splitting at digits errs on the side of finding a word, which is the cautious direction here.
 *
 * Letters are Unicode letters, so a name in another script is not split into nothing.
 */
export function splitWords(name: string): string[] {
  return (name.match(WORD) ?? []).map((word) => word.toLowerCase());
}

/*
 * In order: an upper-case run followed by a capitalised word (the acronym in HTTPPost), a capitalised or lower-case
 * word, a remaining upper-case run (a trailing acronym, or an all-caps name), a run of digits, and letters without case
 * (e.g. CJK), which have no camelCase boundaries to find.
 */
const WORD = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{Nd}+|[\p{Lo}\p{Lm}\p{Lt}]+/gu;
