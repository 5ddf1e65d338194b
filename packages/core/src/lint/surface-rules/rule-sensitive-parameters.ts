import { splitWords } from '../../policy/split-words';
import { hiddenKind } from './hidden-characters';
import type { SurfaceRule } from './rule-context';

/** Parameter name words that ask for a secret. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'credential',
  'credentials',
  'apikey',
  'cookie',
  'ssn',
  'otp',
  'mfa',
  'cvv',
  'pin',
]);
/** Two-word names that ask for a secret (`api_key`, `privateKey`, `card_number`). */
const SECRET_PAIRS = new Set([
  'api key',
  'private key',
  'access key',
  'secret key',
  'signing key',
  'card number',
  'credit card',
  'session id',
  'auth header',
]);
/** Words before "token" that make it a pagination or budget value, not a secret (`page_token`, `nextToken`). */
const NOT_SECRET_BEFORE_TOKEN = new Set([
  'page',
  'next',
  'continuation',
  'cursor',
  'resume',
  'sync',
  'max',
  'progress',
  'cancel',
  'cancellation',
  'start',
  'end',
  'prev',
  'previous',
]);

/** The secret a parameter name asks for, or undefined. */
export function secretInName(name: string): string | undefined {
  // A hidden character inside the name (`pass\u200Bword`) must not hide the word from this rule.
  const visible = [...name].filter((c) => hiddenKind(c.codePointAt(0) ?? 0) === undefined).join('');
  const words = splitWords(visible);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const pair = `${word} ${words[i + 1] ?? ''}`;
    if (SECRET_PAIRS.has(pair)) return pair;
    if (!SECRET_WORDS.has(word)) continue;
    if (word === 'token' && NOT_SECRET_BEFORE_TOKEN.has(words[i - 1] ?? '')) continue;
    // "pin" is also a verb (pin a message); only a trailing pin (`card_pin`, `pin`) alone is a secret.
    if (word === 'pin' && i !== words.length - 1) continue;
    return word;
  }
  return undefined;
}

/**
 * surface-sensitive-parameter: a parameter (tool input at any depth, prompt argument) whose name asks for a secret.
 * The model fills it from what it has seen, so the secret passes through the conversation and the server's logs;
 * credentials belong in the connection's configuration (headers, OAuth).
 */
export const sensitiveParameterRule: SurfaceRule = {
  item(item, context) {
    for (const parameter of item.parameters) {
      const secret = secretInName(parameter.name);
      if (secret === undefined) continue;
      context.emit(
        'surface-sensitive-parameter',
        { kind: item.kind, name: item.name, field: parameter.field },
        `parameter "${parameter.name}" asks for a ${secret}: the model would pass a secret through the conversation`,
      );
    }
  },
};
