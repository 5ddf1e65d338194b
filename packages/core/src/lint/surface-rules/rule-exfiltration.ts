import { splitWords } from '../../policy/split-words';
import { isRecord } from '../../util/is-record';
import type { SurfaceRule } from './rule-context';
import { excerpt } from './surface-texts';
import { PhraseSet, splitText } from './words';

/** Parameter name words that make it a destination: where data would be sent. */
const URL_WORDS = new Set(['url', 'uri', 'endpoint', 'webhook', 'callback', 'href', 'postback']);
const URL_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);
/** Parameter name words that make it a free-text payload: what would be sent. */
const PAYLOAD_WORDS = new Set([
  'content',
  'contents',
  'body',
  'data',
  'payload',
  'text',
  'message',
  'messages',
  'context',
  'conversation',
  'history',
  'notes',
  'note',
  'sidenote',
  'summary',
  'details',
  'memo',
  'comment',
  'log',
  'logs',
  'transcript',
  'prompt',
  'input',
  'extra',
  'metadata',
]);

function isFreeText(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  if (schema.enum !== undefined || schema.const !== undefined) return false;
  const type = schema.type;
  return (
    type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string')) || type === 'object'
  );
}

function isUrlParameter(name: string, schema: unknown): boolean {
  if (isRecord(schema) && typeof schema.format === 'string' && URL_FORMATS.has(schema.format)) return true;
  return splitWords(name).some((word) => URL_WORDS.has(word));
}

/**
 * surface-exfiltration-shape: a tool taking both a destination (a URL, endpoint or webhook parameter) and a free-text
 * payload (content, body, notes, context...) at the top level: everything a model needs to send what it knows
 * somewhere. Honest tools have this shape too (a webhook sender); the finding asks a person to look.
 */
export const exfiltrationShapeRule: SurfaceRule = {
  item(item, context) {
    if (item.kind !== 'tool' || !isRecord(item.value)) return;
    const schema = item.value.inputSchema;
    if (!isRecord(schema) || !isRecord(schema.properties)) return;
    const entries = Object.entries(schema.properties);
    const destination = entries.find(([name, prop]) => isUrlParameter(name, prop));
    if (destination === undefined) return;
    const payload = entries.find(
      ([name, prop]) =>
        name !== destination[0] && isFreeText(prop) && splitWords(name).some((word) => PAYLOAD_WORDS.has(word)),
    );
    if (payload === undefined) return;
    context.emit(
      'surface-exfiltration-shape',
      { kind: item.kind, name: item.name, field: 'inputSchema.properties' },
      `"${destination[0]}" takes a destination and "${payload[0]}" free text: a model can be talked into sending what it knows there`,
    );
  },
};

/** What a description must never ask a model to put in a call: the conversation, its instructions, secrets, keys. */
const SENSITIVE_SOURCES = new PhraseSet([
  'conversation history',
  'chat history',
  'message history',
  'full conversation',
  'entire conversation',
  'whole conversation',
  'entire context',
  'full context',
  'whole context',
  'context window',
  'previous messages',
  'prior messages',
  'all messages',
  'system prompt',
  'your instructions',
  'your system',
  'id rsa',
  'ssh',
  'mcp json',
  'api key',
  'api keys',
  'private key',
  'access token',
  'credentials',
  'password',
  'passwords',
  'env file',
  'secrets',
  'cookies',
  'session token',
]);
/** Verbs of putting data into a call; one must come shortly before the sensitive source. */
const PASSING_VERBS = new Set([
  'pass',
  'include',
  'send',
  'provide',
  'put',
  'add',
  'append',
  'attach',
  'paste',
  'copy',
  'forward',
  'read',
  'insert',
  'supply',
  'embed',
  'upload',
  'share',
  'leak',
  'submit',
  'fill',
]);
/** Words before a sensitive source in which the passing verb must be. */
const VERB_WINDOW = 8;

/** surface-exfiltration-request: prose asking the model to pass the conversation, its instructions or secrets. */
export const exfiltrationRequestRule: SurfaceRule = {
  item(item, context) {
    for (const { text, location, role } of item.texts) {
      if (role !== 'prose') continue;
      const words = splitText(text);
      for (const match of SENSITIVE_SOURCES.matches(words)) {
        let verb: number | undefined;
        for (let k = Math.max(0, match.first - VERB_WINDOW); k < match.first; k++) {
          if (PASSING_VERBS.has(words[k]?.text ?? '')) verb = k;
        }
        if (verb === undefined) continue;
        const start = words[verb]?.start ?? 0;
        const end = words[match.last]?.end ?? start;
        context.emit(
          'surface-exfiltration-request',
          location,
          `asks the model to ${words[verb]?.text} "${match.phrase.join(' ')}" into a call: data the user never meant to send`,
          excerpt(text, start, end),
        );
        break;
      }
    }
  },
};
