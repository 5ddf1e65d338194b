// Flag parsing shared by the commands: `run`, `audit`, `lint --url`, `conformance` and `ci`.
import { PROTOCOL_CHOICES, isProtocolChoice, type ProtocolChoice } from '@mcptest/core';

/** A bad flag or argument: the command prints the message with its usage and exits 2. */
export class UsageError extends Error {}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `--header "Name: value"` flags (repeatable) to a headers object; throws UsageError on a malformed one. */
export function parseHeaderFlags(values: readonly string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const raw of values ?? []) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    const value = colon > 0 ? raw.slice(colon + 1).trim() : '';
    if (!HEADER_NAME.test(name)) throw new UsageError(`--header must look like "Name: value", not "${raw}"`);
    // Line breaks would let one flag smuggle a second header (or a body) into the request.
    if (/[\r\n\0]/.test(value)) throw new UsageError(`--header ${name}: the value may not contain line breaks`);
    headers[name] = value;
  }
  return headers;
}

/** The usage line of `--protocol`, the same in every command that opens a session. */
export const PROTOCOL_FLAG_USAGE = `--protocol ${PROTOCOL_CHOICES.join('|')}`;

/**
 * `--protocol P`: the era or exact revision of the command's sessions (docs/protocol.md), case-insensitive; absent:
 * undefined (the command's default, auto for most). The accepted values are core's PROTOCOL_CHOICES.
 */
export function parseProtocolFlag(value: string | undefined): ProtocolChoice | undefined {
  if (value === undefined) return undefined;
  const choice = value.trim().toLowerCase();
  if (isProtocolChoice(choice)) return choice;
  throw new UsageError(
    `--protocol must be ${PROTOCOL_CHOICES.join(', ').replace(/, ([^,]*)$/, ' or $1')}, not "${value}"`,
  );
}

/** Node's parseArgs messages, reworded to name the flag the way the usage text does. */
export function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'([^']+)'/.exec(message)?.[1];
    return flag ? `unknown option ${flag}` : message;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /'(--?[\w-]+)/.exec(message)?.[1];
    if (flag && /ambiguous/.test(message)) {
      return `${flag} needs a value; for a value that starts with "-", write ${flag}=VALUE`;
    }
    if (flag && /argument missing/.test(message)) return `${flag} needs a value`;
    if (flag && /does not take an argument/.test(message)) return `${flag} does not take a value`;
  }
  return message;
}
