import { decodeTagText, findHiddenChars, formatCodePoint } from './hidden-characters';
import { plural, type SurfaceRule } from './rule-context';
import { excerpt } from './surface-texts';

/** surface-hidden-characters: every text, names included; one finding per text, naming each kind found. */
export const hiddenCharactersRule: SurfaceRule = {
  item(item, context) {
    for (const { text, location } of item.texts) {
      const hidden = findHiddenChars(text);
      const first = hidden[0];
      if (first === undefined) continue;
      const kinds = new Map<string, Set<string>>();
      for (const h of hidden) kinds.set(h.kind, (kinds.get(h.kind) ?? new Set()).add(formatCodePoint(h.cp)));
      const listed = [...kinds].map(([kind, cps]) => {
        const shown = [...cps].slice(0, 3).join(', ');
        return `${kind} (${shown}${cps.size > 3 ? ', …' : ''})`;
      });
      const spelled = decodeTagText(hidden);
      const last = hidden[hidden.length - 1] ?? first;
      context.emit(
        'surface-hidden-characters',
        location,
        `${plural(hidden.length, 'hidden character')}: ${listed.join('; ')}${spelled ? `; the tag characters spell "${spelled.slice(0, 120)}"` : ''}`,
        excerpt(text, first.at, Math.min(last.at + last.length, first.at + 80)),
      );
    }
  },
};
