import { format, resolveConfig } from 'prettier';
import { Document, isCollection, isPair, isScalar, visit } from 'yaml';
import { z } from 'zod';
import {
  AssertionDocument,
  AuthPostureCredentials,
  AuthPostureOptions,
  CompletionAssertBlock,
  Expect,
  LoggingAssertBlock,
  NotificationsAssertBlock,
  PromptsAssertBlock,
  ResourcesAssertBlock,
  SamplingAssertBlock,
  SuiteClientCapabilities,
  SuiteConformance,
  SuiteDocument,
  SuiteLoggingExpect,
  SuiteNotificationExpect,
  SuitePolicy,
  SuiteSamplingConfig,
  SuiteServerSchema,
  SuiteSetupStep,
  SUITE_BLOCK_KEYS,
  SUITE_TRAJECTORY_KEYS,
  ToolAssertBlock,
  TraceEntrySchema,
  TrajectoryAssertionSchema,
} from '@mcptest/core';

/*
 * Renders docs/suite-reference.md from the suite schemas: every key of every object the suite format accepts, with the
 * shape of its value (from z.toJSONSchema), its description and example (from the key's `.meta()`), each example shown
 * inside a complete file that `mcptest validate` accepts. The schemas are the one home of this text; the test in
 * test/docs/suite-reference.test.ts fails when the file is stale or an example does not load.
 *
 * What this file adds is only what the schemas cannot know: the order of the sections, and for each section the
 * smallest document its examples can sit in (the `host`).
 */

export const SUITE_REFERENCE_PATH = 'docs/suite-reference.md';
export const SUITE_REFERENCE_COMMAND = 'npm run docs:generate';

type AnySchema = z.core.$ZodType;
type Fields = Record<string, unknown>;

interface ObjectSection {
  title: string;
  /** Shown under the heading, before the schema's own description. */
  intro?: string;
  schema: z.ZodObject;
  /** Builds a complete, loadable document around the given fields of this object. */
  host: (fields: Fields) => unknown;
}

interface UnionSection {
  title: string;
  intro?: string;
  /** A union of objects told apart by `type`; each option gets a subsection with one example. */
  schema: z.ZodDiscriminatedUnion;
  host: (item: Fields) => unknown;
}

type Section = ObjectSection | UnionSection;

const SERVER_URL = 'https://mcp.example.com/mcp';
const ECHO = { tool: 'echo', args: { message: 'hello' } };
const TRACE = [{ tool: 'search', args: { query: 'mcp' } }, { tool: 'fetch' }];

/** Keys in the order the schema declares them, so examples read like hand-written YAML. */
function ordered(schema: z.ZodObject, fields: Fields): Fields {
  const out: Fields = {};
  for (const key of Object.keys(schema.shape)) if (key in fields) out[key] = fields[key];
  for (const [key, value] of Object.entries(fields)) if (!(key in out)) out[key] = value;
  return out;
}

function block(schema: z.ZodObject, key: string, base: Fields) {
  return (fields: Fields) => ({ [key]: ordered(schema, { ...base, ...fields }) });
}

const BLOCK_KEYS: ReadonlySet<string> = new Set([...SUITE_BLOCK_KEYS, ...SUITE_TRAJECTORY_KEYS]);

const SECTIONS: readonly Section[] = [
  {
    title: 'Assertion',
    intro:
      "The keys of an assertion document, and of each item of a suite file's `assertions:`. The examples are whole " +
      'files.',
    schema: AssertionDocument,
    host: (fields) => {
      const hasBlock = Object.keys(fields).some((key) => BLOCK_KEYS.has(key));
      if (!hasBlock)
        return ordered(AssertionDocument, { ...fields, assert: { ...ECHO, expect: { contains: ['hello'] } } });
      if ('trajectory' in fields) return ordered(AssertionDocument, { trace: TRACE, ...fields });
      if ('trace' in fields || 'audit_log' in fields) {
        return ordered(AssertionDocument, { ...fields, trajectory: [{ type: 'presence', tools: ['search'] }] });
      }
      return fields;
    },
  },
  {
    title: 'Suite file',
    intro:
      'A suite file takes the keys below, and `name`, `server`, `setup`, `timeout`, `skip` and `skip_unless_env` ' +
      'as an [assertion](#assertion) does: there they are the defaults of its assertions ' +
      '([suite-level defaults](suite-format.md#suite-level-defaults)).',
    schema: SuiteDocument,
    host: (fields) =>
      ordered(SuiteDocument, { name: 'example suite', assertions: [{ name: 'echo', assert: ECHO }], ...fields }),
  },
  { title: '`assert` block', schema: ToolAssertBlock, host: block(ToolAssertBlock, 'assert', { tool: 'echo' }) },
  {
    title: '`assert_resources` block',
    schema: ResourcesAssertBlock,
    host: (fields) =>
      block(
        ResourcesAssertBlock,
        'assert_resources',
        'list' in fields || 'read' in fields || 'subscribe' in fields
          ? {}
          : 'expect_notification' in fields
            ? { subscribe: 'test://static/resource/1' }
            : { read: 'test://static/resource/1' },
      )(fields),
  },
  {
    title: '`assert_prompts` block',
    schema: PromptsAssertBlock,
    host: (fields) =>
      block(
        PromptsAssertBlock,
        'assert_prompts',
        'list' in fields || 'get' in fields ? {} : { get: { name: 'greeting', arguments: { name: 'Ada' } } },
      )(fields),
  },
  {
    title: '`assert_completion` block',
    schema: CompletionAssertBlock,
    host: block(CompletionAssertBlock, 'assert_completion', {
      ref: { type: 'ref/prompt', name: 'greeting' },
      argument: { name: 'style', value: 'fo' },
    }),
  },
  {
    title: '`assert_sampling` block',
    schema: SamplingAssertBlock,
    host: block(SamplingAssertBlock, 'assert_sampling', { tool: 'sampleLLM', mock_text: 'The answer is 42.' }),
  },
  {
    title: '`assert_logging` block',
    schema: LoggingAssertBlock,
    host: block(LoggingAssertBlock, 'assert_logging', { tool: 'process_data' }),
  },
  {
    title: '`assert_notifications` block',
    schema: NotificationsAssertBlock,
    host: block(NotificationsAssertBlock, 'assert_notifications', { tool: 'longRunningOperation' }),
  },
  {
    title: '`expect` checks',
    intro:
      'The `expect:` of `assert`, `assert_resources`, `assert_prompts`, `assert_completion` and `assert_sampling`.',
    schema: Expect,
    host: (fields) => ({
      assert: { ...ECHO, ...('min_progress' in fields ? { capture_progress: true } : {}), expect: fields },
    }),
  },
  {
    title: '`assert_logging` expect',
    schema: SuiteLoggingExpect,
    host: (fields) => ({ assert_logging: { set_level: 'info', tool: 'process_data', expect: fields } }),
  },
  {
    title: '`assert_notifications` expect',
    schema: SuiteNotificationExpect,
    host: (fields) => ({ assert_notifications: { tool: 'longRunningOperation', expect: fields } }),
  },
  {
    title: 'Trace entry',
    intro: 'One item of `trace:`.',
    schema: TraceEntrySchema,
    host: (fields) => ({
      trace: [ordered(TraceEntrySchema, { tool: 'search', ...fields })],
      trajectory: [{ type: 'presence', tools: ['search'] }],
    }),
  },
  {
    title: 'Trajectory checks',
    intro: 'The items of `trajectory:`, told apart by `type`.',
    schema: TrajectoryAssertionSchema,
    host: (item) => ({ trace: TRACE, trajectory: [item] }),
  },
  {
    title: '`server` keys',
    schema: SuiteServerSchema,
    host: (fields) => {
      const stdio = ['command', 'args', 'env', 'docker'].some((key) => key in fields);
      const base = stdio
        ? { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }
        : { url: SERVER_URL };
      return { server: ordered(SuiteServerSchema, { ...base, ...fields }), assert: ECHO };
    },
  },
  {
    title: '`client_capabilities` keys',
    intro: 'Under `server:`.',
    schema: SuiteClientCapabilities,
    host: (fields) => ({ server: { url: SERVER_URL, client_capabilities: fields }, assert: ECHO }),
  },
  {
    title: '`sampling` keys',
    intro: 'Under `server.client_capabilities:`.',
    schema: SuiteSamplingConfig,
    host: (fields) => ({
      server: {
        url: SERVER_URL,
        client_capabilities: { sampling: ordered(SuiteSamplingConfig, { text: 'The answer is 42.', ...fields }) },
      },
      assert: ECHO,
    }),
  },
  {
    title: 'Setup step',
    intro: 'One item of `setup:`.',
    schema: SuiteSetupStep,
    host: (fields) => ({ setup: [ordered(SuiteSetupStep, { tool: 'create_item', ...fields })], assert: ECHO }),
  },
  {
    title: '`conformance` keys',
    intro: 'The `conformance:` block of a suite file ([protocol.md](protocol.md#conformance)).',
    schema: SuiteConformance,
    host: (fields) => ({ name: 'example suite', server: { url: SERVER_URL }, conformance: fields }),
  },
  {
    title: '`auth_posture` keys',
    intro: 'The `auth_posture:` block of a suite file ([oauth.md](oauth.md#auth-posture-check)).',
    schema: AuthPostureOptions,
    host: (fields) => ({ name: 'example suite', server: { url: SERVER_URL }, auth_posture: fields }),
  },
  {
    title: '`other_resource_token_from` keys',
    intro: 'The client credentials of an `auth_posture:` block.',
    schema: AuthPostureCredentials,
    host: (fields) => ({
      name: 'example suite',
      server: { url: SERVER_URL },
      auth_posture: {
        other_resource_token_from: {
          client_id: '${POSTURE_CLIENT_ID}',
          client_secret: '${POSTURE_CLIENT_SECRET}',
          ...fields,
        },
      },
    }),
  },
  {
    title: '`policy` keys',
    intro: 'The `policy:` of a suite file.',
    schema: SuitePolicy,
    host: (fields) => ({ name: 'example suite', policy: fields, assertions: [{ name: 'echo', assert: ECHO }] }),
  },
];

// --- anchors ------------------------------------------------------------------------------------------------------

/** GitHub's heading anchor: lower case, punctuation other than `-` and `_` dropped, spaces to `-`. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const sectionAnchor = (section: Section): string => headingSlug(section.title);

// --- shapes -------------------------------------------------------------------------------------------------------

type JsonSchema = {
  type?: string;
  shape?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
};

const code = (value: unknown): string => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function jsonSchemaOf(schema: AnySchema): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The value shape in words, from the JSON Schema of the key's input. */
function describeShape(js: JsonSchema): string {
  if (js.shape !== undefined) return js.shape;
  if (js.anyOf) {
    const parts = js.anyOf.filter((part) => part.type !== 'null');
    const words = parts.map(describeShape).join(' or ');
    return parts.length < js.anyOf.length ? `${words}, or empty` : words;
  }
  if (js.const !== undefined) return code(js.const);
  if (js.enum) return `one of ${js.enum.map(code).join(', ')}`;
  switch (js.type) {
    case 'string':
      if (js.pattern !== undefined) return `string matching ${code(js.pattern)}`;
      return (js.minLength ?? 0) > 0 ? 'non-empty string' : 'string';
    case 'integer':
    case 'number': {
      const word = js.type;
      const max = js.maximum !== undefined && js.maximum < Number.MAX_SAFE_INTEGER ? js.maximum : undefined;
      const min = js.minimum !== undefined && js.minimum > Number.MIN_SAFE_INTEGER ? js.minimum : undefined;
      if (min !== undefined && max !== undefined) return `${word} from ${min} to ${max}`;
      if (min !== undefined) return `${word} ≥ ${min}`;
      if (js.exclusiveMinimum !== undefined) return `${word} > ${js.exclusiveMinimum}`;
      return word;
    }
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = js.items ? describeShape(js.items) : 'any value';
      const list = (js.minItems ?? 0) > 0 ? 'non-empty list' : 'list';
      const plural = /^(string|non-empty string)(.*)$/.exec(item);
      return plural ? `${list} of ${plural[1]}s${plural[2]}` : `${list}; each item ${item}`;
    }
    case 'object': {
      if (js.properties) {
        const required = new Set(js.required ?? []);
        const keys = Object.entries(js.properties).map(
          ([key, value]) => `${code(key)} (${describeShape(value)}${required.has(key) ? '' : ', optional'})`,
        );
        return keys.length === 0 ? 'mapping with no keys (`{}`)' : `mapping with keys ${keys.join(', ')}`;
      }
      const key = js.propertyNames ? describeShape(js.propertyNames) : 'string';
      const value = typeof js.additionalProperties === 'object' ? describeShape(js.additionalProperties) : 'any value';
      return `mapping of ${key} → ${value}`;
    }
    default:
      return 'any value';
  }
}

function defOf(schema: AnySchema): { type: string } & Record<string, unknown> {
  return schema._zod.def as unknown as { type: string } & Record<string, unknown>;
}

/** The section a key's value is (or is a list of), looking through optional/nullable/transform wrappers. */
function sectionOf(schema: AnySchema): { section: Section; list: boolean; nullable: boolean } | undefined {
  let current = schema;
  let list = false;
  let nullable = false;
  for (let i = 0; i < 16; i++) {
    const found = SECTIONS.find((section) => section.schema === current);
    if (found) return { section: found, list, nullable };
    const def = defOf(current);
    if (def.type === 'nullable') nullable = true;
    if (['optional', 'nullable', 'default', 'prefault'].includes(def.type)) current = def.innerType as AnySchema;
    else if (def.type === 'pipe') current = def.in as AnySchema;
    else if (def.type === 'array' && !list) {
      list = true;
      current = def.element as AnySchema;
    } else return undefined;
  }
  return undefined;
}

function shapeOf(schema: AnySchema): string {
  const linked = sectionOf(schema);
  if (linked) {
    const link = `[${linked.section.title}](#${sectionAnchor(linked.section)})`;
    const words = linked.list ? `list of mappings (${link})` : `mapping (${link})`;
    return linked.nullable ? `${words}, or empty` : words;
  }
  return describeShape(jsonSchemaOf(schema));
}

// --- examples -----------------------------------------------------------------------------------------------------

/** YAML with lists and mappings of scalars on one line (`[a, b]`, `{ a: 1 }`), the way suites are usually written. */
export function toYaml(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Collection(_key, node) {
      if (node === doc.contents) return; // the document itself stays a block mapping
      if (isCollection(node) && node.items.every((item) => isScalar(isPair(item) ? item.value : item))) {
        node.flow = true;
      }
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

interface Meta {
  description?: string;
  examples?: unknown[];
}

function metaOf(schema: AnySchema): Meta {
  return (z.globalRegistry.get(schema) ?? {}) as Meta;
}

function fence(value: unknown): string {
  return ['```yaml', toYaml(value).trimEnd(), '```'].join('\n');
}

// --- rendering ----------------------------------------------------------------------------------------------------

function renderKey(section: ObjectSection, key: string, schema: AnySchema, problems: string[]): string {
  const meta = metaOf(schema);
  const where = `${section.title}.${key}`;
  if (!meta.description) problems.push(`${where} has no description`);
  if (!meta.examples || meta.examples.length === 0) problems.push(`${where} has no example`);
  // A key with a default may be left out too (ConformanceOptions' keys).
  const type = defOf(schema).type;
  const optional = type === 'optional' || type === 'default' || schema._zod.optin === 'optional';
  const lines = [
    `### \`${key}\``,
    '',
    `${optional ? 'Optional' : 'Required'}. ${capitalize(shapeOf(schema))}.`,
    '',
    meta.description ?? '',
  ];
  for (const example of meta.examples ?? []) lines.push('', fence(section.host({ [key]: example })));
  return lines.join('\n');
}

function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

function renderObjectSection(section: ObjectSection, documented: Map<AnySchema, string>, problems: string[]): string {
  const parts: string[] = [`## ${section.title}`, ''];
  if (section.intro) parts.push(section.intro, '');
  const description = metaOf(section.schema).description;
  if (description) parts.push(description, '');
  else problems.push(`${section.title} has no description`);
  for (const [key, schema] of Object.entries(section.schema.shape) as [string, AnySchema][]) {
    const elsewhere = documented.get(schema);
    if (elsewhere !== undefined) continue; // a shared key, documented in the first section that has it
    documented.set(schema, section.title);
    parts.push(renderKey(section, key, schema, problems), '');
  }
  return parts.join('\n');
}

function renderUnionSection(section: UnionSection, problems: string[]): string {
  const parts: string[] = [`## ${section.title}`, ''];
  if (section.intro) parts.push(section.intro, '');
  for (const option of section.schema.options as z.ZodObject[]) {
    const typeSchema = option.shape.type as AnySchema;
    const type = String((defOf(typeSchema).values as unknown[])[0]);
    const example: Fields = { type };
    const keys: string[] = [];
    for (const [key, schema] of Object.entries(option.shape) as [string, AnySchema][]) {
      if (key === 'type') continue;
      const meta = metaOf(schema);
      if (!meta.description) problems.push(`${section.title}.${type}.${key} has no description`);
      if (!meta.examples || meta.examples.length === 0) problems.push(`${section.title}.${type}.${key} has no example`);
      example[key] = meta.examples?.[0];
      keys.push(`- \`${key}\`: ${shapeOf(schema)}. ${meta.description ?? ''}`);
    }
    const description = metaOf(option).description;
    if (!description) problems.push(`${section.title}.${type} has no description`);
    parts.push(`### \`${type}\``, '', description ?? '', '', ...keys, '', fence(section.host(example)), '');
  }
  return parts.join('\n');
}

/** Every example document of the reference, in order: what the test loads with loadSuite. */
export function suiteReferenceExamples(markdown: string): string[] {
  return [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

/**
 * The text of docs/suite-reference.md. Throws when a key has no description or example, so a key added to the schema
 * without them fails the staleness test (and `npm run docs:generate`) instead of appearing undocumented.
 */
export async function renderSuiteReference(): Promise<string> {
  const problems: string[] = [];
  const documented = new Map<AnySchema, string>();
  const toc = SECTIONS.map((section) => `- [${section.title}](#${sectionAnchor(section)})`);
  const body = SECTIONS.map((section) =>
    section.schema instanceof z.ZodObject
      ? renderObjectSection(section as ObjectSection, documented, problems)
      : renderUnionSection(section as UnionSection, problems),
  );
  if (problems.length > 0) {
    throw new Error(
      `the suite reference cannot be generated; give each key a .meta({ description, examples }):\n${problems.join('\n')}`,
    );
  }
  const markdown = [
    '<!-- Generated from the suite schemas by `npm run docs:generate` (scripts/docs/suite-reference.ts). Do not edit:',
    '     change the `.meta()` of the schema in packages/core and regenerate. -->',
    '',
    '# Suite format reference',
    '',
    'Every key a suite file accepts, with the shape of its value and an example. Each example is a complete file that',
    '`mcptest validate` accepts. How files are shaped, how suite defaults apply, durations, errors and the keys only the',
    'CLI may use are explained in [suite-format.md](suite-format.md); placeholders and trajectories in',
    '[templating-and-trajectory.md](templating-and-trajectory.md).',
    '',
    ...toc,
    '',
    ...body,
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()
    .concat('\n');
  // Formatted as `prettier --write .` would format it, so formatting the repository never makes the file stale.
  return format(markdown, { ...(await resolveConfig(SUITE_REFERENCE_PATH)), parser: 'markdown' });
}
