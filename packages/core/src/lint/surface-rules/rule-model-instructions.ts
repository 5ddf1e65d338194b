import type { SurfaceLintRuleId } from '../lint-surface';
import { MODEL_TAGS, tagNameAt } from './rule-markup';
import type { RuleContext, SurfaceRule } from './rule-context';
import { excerpt, type SurfaceText } from './surface-texts';
import { PhraseSet, splitText } from './words';

/**
 * Phrases that override the model's instructions or hide something from the user: never legitimate in what a
 * server tells an agent (matched on words, so case, punctuation, hidden characters and full-width letters do not
 * hide them).
 */
export const INJECTION_PHRASES = new PhraseSet([
  'ignore previous',
  'ignore all previous',
  'ignore prior',
  'ignore all prior',
  'ignore the above',
  'ignore any previous',
  'ignore your instructions',
  'ignore all instructions',
  'ignore the previous',
  'ignore your previous',
  'disregard previous',
  'disregard all',
  'disregard the above',
  'disregard your',
  'disregard any previous',
  'forget previous',
  'forget all previous',
  'forget your instructions',
  'forget everything',
  'do not tell the user',
  'dont tell the user',
  'do not tell user',
  'never tell the user',
  'do not inform the user',
  'do not mention',
  'dont mention',
  'never mention',
  'do not reveal',
  'dont reveal',
  'do not notify the user',
  'without telling the user',
  'without informing the user',
  'without notifying the user',
  'without asking the user',
  'without the user knowing',
  'the user must not know',
  'the user should not know',
  'hide this from',
  'not visible to the user',
  'keep this secret',
  'you are now',
  'new instructions',
  'override your instructions',
  'system override',
]);

/**
 * Phrases that steer the model's choice of tools: common in poisoned descriptions ("always call this tool first"),
 * rare in honest ones, so a warning a person should read.
 */
export const DIRECTIVE_PHRASES = new PhraseSet([
  'always call',
  'always invoke',
  'always use this',
  'always run this',
  'always execute this',
  'before using any',
  'before calling any',
  'before any other tool',
  'before using other tools',
  'before calling other tools',
  'must be called first',
  'must be called before',
  'call this tool first',
  'use this tool first',
  'run this tool first',
  'you must call',
  'you must use this',
  'you must first call',
  'you must always',
  'regardless of what the user',
  'even if the user',
  'no matter what the user',
]);

function firstPhrase(
  set: PhraseSet,
  text: string,
): { start: number; end: number; phrase: string; count: number } | undefined {
  const words = splitText(text);
  const matches = set.matches(words);
  const first = matches[0];
  if (first === undefined) return undefined;
  const start = words[first.first]?.start ?? 0;
  const end = words[first.last]?.end ?? start;
  return { start, end, phrase: first.phrase.join(' '), count: matches.length };
}

/** The first pseudo-tag written for the model (`<IMPORTANT>`), scanned with indexOf. */
function firstModelTag(text: string): { at: number; name: string } | undefined {
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const name = tagNameAt(text, at);
    if (name !== undefined && MODEL_TAGS.has(name)) return { at, name };
  }
  return undefined;
}

function phraseRule(rule: SurfaceLintRuleId, set: PhraseSet, what: string, tags: boolean): SurfaceRule {
  const check = ({ text, location, role }: SurfaceText, context: RuleContext) => {
    if (role !== 'prose') return;
    const found = firstPhrase(set, text);
    const tag = tags ? firstModelTag(text) : undefined;
    if (tag !== undefined && (found === undefined || tag.at < found.start)) {
      context.emit(
        rule,
        location,
        `a <${tag.name}> tag written for the model${found ? `, and "${found.phrase}"` : ''}: ${what}`,
        excerpt(text, tag.at, tag.at + tag.name.length + 2),
      );
    } else if (found !== undefined) {
      const more = found.count > 1 ? ` (and ${found.count - 1} more)` : '';
      context.emit(rule, location, `"${found.phrase}"${more}: ${what}`, excerpt(text, found.start, found.end));
    }
  };
  return {
    item(item, context) {
      for (const text of item.texts) check(text, context);
    },
  };
}

/** surface-prompt-injection: overrides of the model's instructions, concealment from the user, model pseudo-tags. */
export const promptInjectionRule = phraseRule(
  'surface-prompt-injection',
  INJECTION_PHRASES,
  'text that tries to override the agent or hide something from the user',
  true,
);

/** surface-model-directive: instructions that steer which tools the model calls and when. */
export const modelDirectiveRule = phraseRule(
  'surface-model-directive',
  DIRECTIVE_PHRASES,
  'an instruction steering the model, beyond describing what this does',
  false,
);
