import {
  type AnySchema,
  defOf,
  editDistance,
  EXPECTED_TYPE_NAMES,
  internalLoadError,
  unwrapSchema,
  type ErrorSink as Errors,
  formatSuitePath,
  hasKey as has,
  isRecord,
  locateKey,
  locatePath,
  parseLocatedYaml,
  type SuiteError,
  valueAt,
} from '@mcptest/core';
import { type Document } from 'yaml';
import { type z } from 'zod';
import { describeMockValue, MockServerDefinition, MockServerFile } from './mock-schema';

/** A YAML or schema error in a mock definition, located like suite errors (same shape, same `formatSuiteError`). */
export type MockDefinitionError = SuiteError;

export type LoadMockDefinitionResult =
  { ok: true; definition: MockServerDefinition } | { ok: false; errors: MockDefinitionError[] };

type Segment = string | number;

// --- unknown keys: what is allowed there, and the nearest allowed key -------------------------------------------

/** The object schema at `path`; for the content-block union, the option named by the value's `type`. */
function objectSchemaAt(path: readonly Segment[], root: unknown): AnySchema | undefined {
  let schema: AnySchema | undefined = MockServerFile;
  const pick = (candidate: AnySchema, value: unknown): AnySchema | undefined => {
    const def = defOf(candidate);
    if (def.type !== 'union') return candidate;
    const wanted = isRecord(value) ? value.type : undefined;
    return (def.options as AnySchema[]).map(unwrapSchema).find((option) => {
      const typeField = (defOf(option).shape as Record<string, AnySchema> | undefined)?.type;
      return typeField !== undefined && (defOf(typeField).values as unknown[] | undefined)?.includes(wanted);
    });
  };
  for (let i = 0; i <= path.length && schema !== undefined; i++) {
    schema = pick(unwrapSchema(schema), valueAt(root, path.slice(0, i)));
    if (schema === undefined || i === path.length) break;
    const def = defOf(schema);
    if (def.type === 'object') schema = (def.shape as Record<string, AnySchema>)[String(path[i])];
    else if (def.type === 'array') schema = def.element as AnySchema;
    else return undefined;
  }
  return schema !== undefined && defOf(schema).type === 'object' ? schema : undefined;
}

/** Keys compared without case, `_` or `-`, so `input_schema` finds `inputSchema` and `delayMs` finds `delay_ms`. */
function squash(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

function unknownKeyHint(key: string, known: readonly string[]): string | undefined {
  const same = known.find((candidate) => squash(candidate) === squash(key));
  if (same !== undefined) return `did you mean \`${same}\`?`;
  const near = known
    .map((candidate) => ({ candidate, distance: editDistance(squash(key), squash(candidate)) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance)[0];
  if (near) return `did you mean \`${near.candidate}\`?`;
  return known.length > 0 ? `allowed here: ${known.join(', ')}` : undefined;
}

/** The position to report for a path (the suite loader's locator: aliases followed, merge keys searched). */
function offsetOf(doc: Document, path: readonly (string | number)[]): number {
  return locatePath(doc, path).offset;
}

// --- zod issues -> located errors -------------------------------------------------------------------------------

function addIssue(errors: Errors, doc: Document, root: unknown, issue: z.core.$ZodIssue): void {
  const path = issue.path as Segment[];
  const label = formatSuitePath(path);
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];

  if (issue.code === 'unrecognized_keys') {
    const schema = objectSchemaAt(path, root);
    const known = schema ? Object.keys(defOf(schema).shape as object) : [];
    for (const key of issue.keys) {
      const where = label === '' ? 'at the top level' : `in \`${label}\``;
      errors.add(
        locateKey(doc, path, key) ?? offsetOf(doc, path),
        [...path, key],
        `unknown key \`${key}\` ${where}`,
        path.length === 0 && key !== 'mock_server'
          ? 'a mock file has one top-level key, `mock_server:`, and everything goes under it'
          : unknownKeyHint(key, known),
      );
    }
    return;
  }

  // A required key that is absent (zod reports a type error on `undefined`): point at the mapping that lacks it.
  if (typeof last === 'string' && isRecord(valueAt(root, parentPath)) && !has(valueAt(root, parentPath), last)) {
    const parent = formatSuitePath(parentPath);
    errors.add(
      offsetOf(doc, parentPath),
      path,
      `${parent === '' ? '' : `\`${parent}\`: `}missing required key \`${last}\``,
    );
    return;
  }

  const offset = offsetOf(doc, path);
  const at = label === '' ? '' : `\`${label}\`: `;
  const value = valueAt(root, path);
  switch (issue.code) {
    case 'invalid_type':
      errors.add(
        offset,
        path,
        `${at}expected ${EXPECTED_TYPE_NAMES[issue.expected] ?? issue.expected}, got ${describeMockValue(value)}`,
      );
      return;
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options)) {
        errors.add(
          offset,
          path,
          `${at}unknown content type ${JSON.stringify(value)}`,
          `one of ${options.map(String).join(', ')}`,
        );
        return;
      }
      errors.add(offset, path, `${at}${issue.message}`);
      return;
    }
    case 'invalid_value':
      errors.add(offset, path, `${at}expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`);
      return;
    case 'too_small':
      errors.add(
        offset,
        path,
        `${at}${issue.origin === 'string' ? 'must not be empty' : `must be at least ${String(issue.minimum)}`}`,
      );
      return;
    case 'too_big':
      errors.add(offset, path, `${at}must be at most ${String(issue.maximum)}`);
      return;
    default:
      errors.add(offset, path, `${at}${issue.message}`);
  }
}

// --- rules across fields ----------------------------------------------------------------------------------------

/** Reports a repeated `field` value among `items` (tool names, resource uris, prompt names) at the repeat. */
function checkUnique(errors: Errors, doc: Document, items: unknown, listKey: string, field: string): void {
  if (!Array.isArray(items)) return;
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const value = isRecord(item) ? item[field] : undefined;
    if (typeof value !== 'string') return;
    const path = ['mock_server', listKey, index, field];
    const first = seen.get(value);
    if (first === undefined) {
      seen.set(value, index);
      return;
    }
    const firstLine = errors.lineOf(offsetOf(doc, ['mock_server', listKey, first, field]));
    errors.add(
      offsetOf(doc, path),
      path,
      `${listKey.replace(/s$/, '')} ${field} ${JSON.stringify(value)} is already used on line ${firstLine}`,
    );
  });
}

/** `response` and `error` exclude each other; cases need one; a case after a catch-all can never answer. */
function checkAnswers(errors: Errors, doc: Document, tools: unknown): void {
  if (!Array.isArray(tools)) return;
  tools.forEach((tool, toolIndex) => {
    if (!isRecord(tool)) return;
    const base = ['mock_server', 'tools', toolIndex];
    if (has(tool, 'response') && has(tool, 'error')) {
      errors.add(
        locateKey(doc, base, 'error') ?? offsetOf(doc, base),
        [...base, 'error'],
        'a tool answers with `response` or `error`, not both',
        'to answer differently by arguments, use `responses:` with `when:`',
      );
    }
    const cases = tool.responses;
    if (!Array.isArray(cases)) return;
    let catchAll: number | undefined;
    cases.forEach((entry, index) => {
      if (!isRecord(entry)) return;
      const at = [...base, 'responses', index];
      if (has(entry, 'response') === has(entry, 'error')) {
        errors.add(
          offsetOf(doc, at),
          at,
          has(entry, 'response')
            ? 'a case answers with `response` or `error`, not both'
            : 'a case needs a `response` or an `error`',
        );
      }
      if (catchAll !== undefined) {
        const line = errors.lineOf(offsetOf(doc, [...base, 'responses', catchAll]));
        errors.add(
          offsetOf(doc, at),
          at,
          `this case is never used: the case on line ${line} has no \`when\` and answers every call`,
          'put cases with `when:` first and the default last',
        );
      } else if (!has(entry, 'when') || (isRecord(entry.when) && Object.keys(entry.when).length === 0)) {
        catchAll = index;
      }
    });
  });
}

function checkResources(errors: Errors, doc: Document, resources: unknown): void {
  if (!Array.isArray(resources)) return;
  resources.forEach((resource, index) => {
    if (isRecord(resource) && has(resource, 'text') && has(resource, 'blob')) {
      const at = ['mock_server', 'resources', index];
      errors.add(
        locateKey(doc, at, 'blob') ?? offsetOf(doc, at),
        [...at, 'blob'],
        'a resource has `text` or `blob`, not both',
      );
    }
  });
}

const MOCK_SERVER_KEYS: readonly string[] = Object.keys(MockServerDefinition.shape);

// --- the loader ---------------------------------------------------------------------------------------------------

function loadUnsafe(text: string, file: string): LoadMockDefinitionResult {
  // The suite loader's engine: positions, hints, an unclosed bracket at its opener, hostile YAML refused.
  const { sink: errors, documents, valueOf } = parseLocatedYaml(text, file);
  const values = documents.map((doc) => ({ doc, read: valueOf(doc) }));
  if (errors.errors.length > 0) return { ok: false, errors: errors.sorted() };
  const withContent = values.filter(({ doc }) => doc.contents !== null);
  const [first, extra] = withContent;
  if (extra !== undefined) {
    errors.add(
      extra.doc.range[0],
      [],
      'a mock file holds one YAML document',
      'remove the `---` and the documents after it',
    );
    return { ok: false, errors: errors.sorted() };
  }
  if (first === undefined) {
    errors.add(
      0,
      [],
      'empty file: no `mock_server:` found',
      'start with `mock_server:` and a `name:`, see docs/mock-server.md',
    );
    return { ok: false, errors: errors.sorted() };
  }
  const { doc } = first;
  const root: unknown = first.read?.value;
  if (!isRecord(root) || !has(root, 'mock_server')) {
    const serverKeys = isRecord(root) ? Object.keys(root).filter((key) => MOCK_SERVER_KEYS.includes(key)) : [];
    errors.add(
      offsetOf(doc, []),
      [],
      `expected a mapping with \`mock_server:\`, got ${isRecord(root) ? 'a mapping without it' : describeMockValue(root)}`,
      serverKeys.length > 0
        ? `indent ${serverKeys.map((key) => `\`${key}\``).join(', ')} under a top-level \`mock_server:\``
        : 'start with `mock_server:` and a `name:`, see docs/mock-server.md',
    );
    return { ok: false, errors: errors.sorted() };
  }

  const parsed = MockServerFile.safeParse(root);
  if (!parsed.success) for (const issue of parsed.error.issues) addIssue(errors, doc, root, issue);
  const server = root.mock_server;
  if (isRecord(server)) {
    checkUnique(errors, doc, server.tools, 'tools', 'name');
    checkUnique(errors, doc, server.resources, 'resources', 'uri');
    checkUnique(errors, doc, server.prompts, 'prompts', 'name');
    checkAnswers(errors, doc, server.tools);
    checkResources(errors, doc, server.resources);
  }
  if (errors.errors.length > 0 || !parsed.success) return { ok: false, errors: errors.sorted() };
  return { ok: true, definition: parsed.data.mock_server };
}

/**
 * Parses and validates a mock server file (`mock_server:` YAML, docs/mock-server.md). Never throws: every YAML or
 * schema problem comes back located by line and column, all at once, printable with `formatSuiteError`.
 *
 * @param text the file's content
 * @param file the file's path as it should appear in errors
 */
export function loadMockDefinition(text: string, file: string): LoadMockDefinitionResult {
  try {
    return loadUnsafe(text, file);
  } catch (error) {
    return { ok: false, errors: [internalLoadError(file, error)] };
  }
}
