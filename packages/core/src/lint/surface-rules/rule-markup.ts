import type { SurfaceRule } from './rule-context';
import { excerpt } from './surface-texts';

/**
 * HTML elements a client may render or a model may treat as structure: the ones that load, hide or carry content.
 * Pseudo-tags aimed at the model (`<IMPORTANT>`) are the instruction rule's (`MODEL_TAGS`).
 */
const HTML_TAGS = new Set([
  'a',
  'img',
  'script',
  'iframe',
  'style',
  'object',
  'embed',
  'svg',
  'math',
  'link',
  'meta',
  'form',
  'input',
  'button',
  'details',
  'summary',
  'div',
  'span',
  'p',
  'br',
  'font',
  'b',
  'i',
  'u',
  'table',
  'video',
  'audio',
  'source',
  'base',
  'template',
  'noscript',
  'html',
  'body',
  'head',
  'title',
]);

/** Tags written for the model, not for a renderer: the shape of the tool-poisoning attacks (`<IMPORTANT>`). */
export const MODEL_TAGS = new Set([
  'important',
  'system',
  'instructions',
  'instruction',
  'hidden',
  'secret',
  'admin',
  'assistant',
  'context',
  'critical',
  'note-to-ai',
  'ai',
  'llm',
  'prompt',
]);

const URL_TARGET = /^\s*<?(?:https?:|\/\/|data:|javascript:|mailto:|ftp:)/i;

/** A tag at `at` (`<name`, `</name`): its lower-cased name when what follows the name ends a tag name, else undefined. */
export function tagNameAt(text: string, at: number): string | undefined {
  let i = at + 1;
  if (text[i] === '/') i++;
  const begin = i;
  // Tag names are short; reading at most 24 characters keeps the scan linear.
  while (i < text.length && i - begin < 24 && /[A-Za-z0-9-]/.test(text.charAt(i))) i++;
  if (i === begin || !/[A-Za-z]/.test(text.charAt(begin))) return undefined;
  const after = text.charAt(i);
  if (after !== '>' && after !== '/' && after !== ' ' && after !== '\t' && after !== '\n' && after !== '\r')
    return undefined;
  return text.slice(begin, i).toLowerCase();
}

interface Markup {
  at: number;
  end: number;
  what: string;
}

/** The first piece of markup that hides or links something, scanning once with indexOf (linear). */
function findMarkup(text: string): { first: Markup; count: number } | undefined {
  const found: Markup[] = [];
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    if (text.startsWith('<!--', at)) {
      found.push({ at, end: at + 4, what: 'an HTML comment (hidden when rendered, read by the model)' });
      continue;
    }
    if (text.startsWith('http://', at + 1) || text.startsWith('https://', at + 1)) {
      found.push({ at, end: at + 8, what: 'an autolink to a URL' });
      continue;
    }
    const name = tagNameAt(text, at);
    if (name !== undefined && HTML_TAGS.has(name))
      found.push({ at, end: at + name.length + 1, what: `an HTML <${name}> tag` });
  }
  for (let at = text.indexOf(']('); at !== -1; at = text.indexOf('](', at + 2)) {
    // The link text is looked for in the 200 characters before, so a text of many `](` stays linear.
    const open = text.lastIndexOf('[', at);
    if (open === -1 || at - open > 200) continue;
    const image = open > 0 && text.charAt(open - 1) === '!';
    if (image)
      found.push({ at: open - 1, end: at + 2, what: 'a markdown image (a client that renders it fetches the URL)' });
    else if (URL_TARGET.test(text.slice(at + 2, at + 16)))
      found.push({ at: open, end: at + 2, what: 'a markdown link to a URL' });
  }
  if (found.length === 0) return undefined;
  found.sort((a, b) => a.at - b.at);
  return { first: found[0] as Markup, count: found.length };
}

/** surface-markup-smuggling: prose only (a name cannot render). */
export const markupRule: SurfaceRule = {
  item(item, context) {
    for (const { text, location, role } of item.texts) {
      if (role !== 'prose') continue;
      const markup = findMarkup(text);
      if (markup === undefined) continue;
      const more =
        markup.count > 1 ? ` (and ${markup.count - 1} more piece${markup.count > 2 ? 's' : ''} of markup)` : '';
      context.emit(
        'surface-markup-smuggling',
        location,
        `${markup.first.what}${more}: text an agent reads should be plain`,
        excerpt(text, markup.first.at, markup.first.end),
      );
    }
  },
};
