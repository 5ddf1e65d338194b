import { classifyToolName, DESTRUCTIVE_WORDS } from '../../policy/classify-tool';
import { readAnnotations } from '../../policy/read-tool-hints';
import { splitWords } from '../../policy/split-words';
import type { ToolDescriptor } from '../../policy/tool-descriptor';
import type { SurfaceRule } from './rule-context';

/** The destructive verb a description opens with ("Deletes the file..."), as the policy lists it. */
function leadingDestructiveVerb(description: unknown, words: readonly string[]): string | undefined {
  if (typeof description !== 'string') return undefined;
  // The first word only: "Deletes ..." announces what the tool does; a later "delete" may be a caveat.
  const first = splitWords(description.slice(0, 64))[0];
  if (first === undefined) return undefined;
  return words.find((word) => first === word || first === `${word}s` || first === `${word}es`);
}

/**
 * surface-destructive-without-hint: the name (by the policy's words, as `classifyToolName` reads it) or the opening
 * verb of the description says the tool destroys something, but annotations do not set `destructiveHint: true`, so a
 * client that asks before destructive calls is not told to. A tool declared read-only is lint-tools'
 * `readonly-declared-destructive-name`, not this.
 */
export const destructiveWithoutHintRule: SurfaceRule = {
  item(item, context) {
    if (item.kind !== 'tool') return;
    const tool = item.value as ToolDescriptor;
    const annotations = readAnnotations(tool);
    const hints = annotations.state === 'ok' ? annotations.hints : {};
    if (hints.readOnlyHint === true || hints.destructiveHint === true) return;
    const byName = classifyToolName(tool.name, context.policy);
    const word =
      byName.class === 'Destructive'
        ? `the name holds "${byName.word}"`
        : (() => {
            const verb = leadingDestructiveVerb(tool.description, [
              ...DESTRUCTIVE_WORDS,
              ...context.policy.destructive_words,
            ]);
            return verb === undefined ? undefined : `the description opens with "${verb}"`;
          })();
    if (word === undefined) return;
    const declared =
      hints.destructiveHint === false
        ? 'annotations say destructiveHint: false'
        : 'annotations do not set destructiveHint: true';
    context.emit(
      'surface-destructive-without-hint',
      { kind: item.kind, name: item.name, field: 'annotations.destructiveHint' },
      `${word}, but ${declared}: clients that confirm destructive calls will not ask`,
    );
  },
};
