import { classifyTool, classifyToolName, cautionRank } from '../policy/classify-tool';
import { defaultExecPolicy, type ExecPolicy, type ToolClass } from '../policy/exec-policy-schema';
import {
  ANNOTATION_KEYS,
  kindOf,
  META_EFFECT,
  META_EFFECT_VALUES,
  META_PREFIX,
  META_REQUIRES_CONFIRMATION,
  META_RESULT_SENSITIVITY,
  readAnnotations,
  readMetaEffect,
  RESULT_SENSITIVITY_VALUES,
} from '../policy/read-tool-hints';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { suggestKey } from '../suite/suggest-key';
import { isRecord } from '../util/is-record';

export type LintSeverity = 'error' | 'warning' | 'info';

/**
 * Every lint, with its severity and what it means. Codes are stable (CI configurations and the UI key on them);
 * docs/exec-policy.md explains each one. `mcptest lint` exits 1 when any finding is an error.
 */
export const LINT_RULES = {
  'tool-name-invalid': {
    severity: 'warning',
    summary: 'name is longer than 128 characters or has characters outside A-Z a-z 0-9 _ - . (MCP spec)',
  },
  'duplicate-tool-name': { severity: 'error', summary: 'two tools share a name; clients can reach only one of them' },
  'description-missing': {
    severity: 'error',
    summary: 'no description (or not a string): a model cannot tell when to use the tool',
  },
  'description-too-short': { severity: 'warning', summary: 'description of fewer than 3 words' },
  'description-too-long': {
    severity: 'warning',
    summary: 'description over 1024 characters (some clients truncate or reject it)',
  },
  'input-schema-missing': { severity: 'error', summary: 'no inputSchema (required by the MCP spec)' },
  'input-schema-not-object': {
    severity: 'error',
    summary: 'inputSchema is not a JSON Schema object with type "object"',
  },
  'input-schema-required-unknown': {
    severity: 'warning',
    summary: 'inputSchema.required names a property that inputSchema.properties does not define',
  },
  'input-required-undescribed': { severity: 'warning', summary: 'a required parameter has no description' },
  'output-schema-not-object': {
    severity: 'error',
    summary: 'outputSchema is present but not a JSON Schema with type "object"',
  },
  'annotations-malformed': {
    severity: 'error',
    summary: 'annotations is not an object, or a hint is not a boolean; all annotations are ignored for classification',
  },
  'annotations-unknown-key': {
    severity: 'warning',
    summary: 'annotations has a key the MCP spec does not define (often a typo)',
  },
  'annotations-contradictory': {
    severity: 'warning',
    summary: 'readOnlyHint: true together with destructiveHint: true or idempotentHint: false',
  },
  'title-conflict': { severity: 'info', summary: 'title and annotations.title differ' },
  'readonly-declared-destructive-name': {
    severity: 'error',
    summary: 'declared read-only (readOnlyHint or mcp.dev/effect "read") but the name has a destructive word',
  },
  'readonly-declared-mutating-name': {
    severity: 'warning',
    summary: 'declared read-only (readOnlyHint or mcp.dev/effect "read") but the name has a mutating word',
  },
  'not-readonly-unspecified-effect': {
    severity: 'warning',
    summary:
      'readOnlyHint: false, yet no other hint or name word says how the tool changes things; it is classified Mutating as a precaution',
  },
  'meta-effect-conflicts-annotations': {
    severity: 'warning',
    summary: 'mcp.dev/effect implies a different class than the annotations',
  },
  'destructive-without-confirmation': {
    severity: 'warning',
    summary: 'classified Destructive but _meta "mcp.dev/requiresConfirmation" is not true',
  },
  'meta-malformed': { severity: 'error', summary: '_meta is not an object' },
  'meta-unknown-value': { severity: 'warning', summary: 'an mcp.dev/ _meta hint has a value mcptest does not know' },
  'meta-unknown-key': { severity: 'warning', summary: 'an mcp.dev/ _meta key mcptest does not know (often a typo)' },
} as const satisfies Record<string, { severity: LintSeverity; summary: string }>;

export type LintCode = keyof typeof LINT_RULES;

export interface LintFinding {
  code: LintCode;
  severity: LintSeverity;
  /** The tool's name as listed. */
  tool: string;
  /** Position of the tool in the list (names can repeat, positions cannot). */
  index: number;
  /** The field the finding is about, dotted (`annotations.readOnlyHint`, `_meta.mcp.dev/effect`). */
  field?: string;
  message: string;
}

const MAX_NAME_LENGTH = 128;
const VALID_NAME = /^[A-Za-z0-9_.-]+$/;
const MIN_DESCRIPTION_WORDS = 3;
const MAX_DESCRIPTION_LENGTH = 1024;
const KNOWN_META_KEYS = [META_EFFECT, META_REQUIRES_CONFIRMATION, META_RESULT_SENSITIVITY];

/**
 * Lints tool descriptors (a tools/list result). Findings come in list order, and for one tool in the order of
 * `LINT_RULES`. The policy (default: every default) decides what counts as Destructive and which words are mutating
 * or destructive, so the lints agree with `mcptest classify`.
 */
export function lintTools(tools: readonly ToolDescriptor[], policy: ExecPolicy = defaultExecPolicy()): LintFinding[] {
  const findings: LintFinding[] = [];
  const firstIndex = new Map<string, number>();
  tools.forEach((tool, index) => {
    const add = (code: LintCode, message: string, field?: string) =>
      findings.push({
        code,
        severity: LINT_RULES[code].severity,
        tool: tool.name,
        index,
        message,
        ...(field ? { field } : {}),
      });
    lintName(tool, add);
    const first = firstIndex.get(tool.name);
    if (first === undefined) firstIndex.set(tool.name, index);
    else add('duplicate-tool-name', `"${tool.name}" is also the name of the tool at index ${first}`, 'name');
    lintDescription(tool, add);
    lintSchemas(tool, add);
    lintAnnotations(tool, policy, add);
    lintMeta(tool, policy, add);
  });
  return findings.sort((a, b) => a.index - b.index || ruleOrder(a.code) - ruleOrder(b.code));
}

const RULE_ORDER = new Map(Object.keys(LINT_RULES).map((code, i) => [code, i]));
function ruleOrder(code: LintCode): number {
  return RULE_ORDER.get(code) ?? 0;
}

type Add = (code: LintCode, message: string, field?: string) => void;

function lintName(tool: ToolDescriptor, add: Add): void {
  if (tool.name.length > MAX_NAME_LENGTH) {
    add('tool-name-invalid', `name is ${tool.name.length} characters long; the MCP spec allows 1 to 128`, 'name');
  } else if (!VALID_NAME.test(tool.name)) {
    const bad = [...new Set([...tool.name].filter((c) => !VALID_NAME.test(c)))].map((c) => JSON.stringify(c));
    add('tool-name-invalid', `name has characters the MCP spec does not allow: ${bad.join(', ')}`, 'name');
  }
}

function lintDescription(tool: ToolDescriptor, add: Add): void {
  const { description } = tool;
  if (typeof description !== 'string' || description.trim() === '') {
    const what =
      description === undefined
        ? 'no description'
        : typeof description === 'string'
          ? 'an empty description'
          : `a description that is ${kindOf(description)}`;
    add('description-missing', `the tool has ${what}; a model cannot tell when to use it`, 'description');
    return;
  }
  const words = description.trim().split(/\s+/).length;
  if (words < MIN_DESCRIPTION_WORDS) {
    add(
      'description-too-short',
      `description "${description.trim()}" has ${words} word${words === 1 ? '' : 's'}; say what the tool does and returns`,
      'description',
    );
  }
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    add(
      'description-too-long',
      `description is ${description.length} characters; keep it under ${MAX_DESCRIPTION_LENGTH}`,
      'description',
    );
  }
}

function isObjectSchema(schema: unknown): schema is Record<string, unknown> {
  return isRecord(schema) && schema.type === 'object';
}

function lintSchemas(tool: ToolDescriptor, add: Add): void {
  const input = tool.inputSchema;
  if (input === undefined) {
    add('input-schema-missing', 'no inputSchema; a tool without parameters declares {"type":"object"}', 'inputSchema');
  } else if (!isObjectSchema(input)) {
    const got = isRecord(input) ? `type ${JSON.stringify(input.type ?? null)}` : kindOf(input);
    add(
      'input-schema-not-object',
      `inputSchema must be a JSON Schema with "type": "object", got ${got}`,
      'inputSchema',
    );
  } else {
    const properties = isRecord(input.properties) ? input.properties : {};
    const required = Array.isArray(input.required) ? input.required : [];
    for (const name of required) {
      if (typeof name !== 'string') continue;
      const property = properties[name];
      if (property === undefined) {
        if (input.patternProperties === undefined) {
          add(
            'input-schema-required-unknown',
            `"${name}" is required but not defined in properties`,
            'inputSchema.required',
          );
        }
      } else if (
        isRecord(property) &&
        (typeof property.description !== 'string' || property.description.trim() === '')
      ) {
        add(
          'input-required-undescribed',
          `required parameter "${name}" has no description`,
          `inputSchema.properties.${name}`,
        );
      }
    }
  }
  const output = tool.outputSchema;
  if (output !== undefined && !isObjectSchema(output)) {
    const got = isRecord(output) ? `type ${JSON.stringify(output.type ?? null)}` : kindOf(output);
    add(
      'output-schema-not-object',
      `outputSchema must be a JSON Schema with "type": "object", got ${got}`,
      'outputSchema',
    );
  }
}

/** The class the server declares, annotations first, the way `classifyTool` reads them under `trust`. */
function annotationClass(hints: {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}): ToolClass | undefined {
  if (hints.readOnlyHint === true) return 'ReadOnly';
  if (hints.destructiveHint === true) return 'Destructive';
  if (hints.idempotentHint === false) return 'Mutating';
  return undefined;
}

function lintAnnotations(tool: ToolDescriptor, policy: ExecPolicy, add: Add): void {
  const read = readAnnotations(tool);
  if (read.state === 'absent') return;
  if (read.state === 'malformed') {
    add(
      'annotations-malformed',
      `${read.problems.join('; ')}; all annotations are ignored for classification`,
      'annotations',
    );
    if (!isRecord(tool.annotations)) return;
  }
  const annotations = tool.annotations as Record<string, unknown>;
  for (const key of Object.keys(annotations)) {
    if (ANNOTATION_KEYS.includes(key)) continue;
    const suggestion = suggestKey(key, ANNOTATION_KEYS);
    add(
      'annotations-unknown-key',
      `unknown annotation "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; it has no effect`,
      `annotations.${key}`,
    );
  }
  const title = annotations.title;
  if (typeof title === 'string' && typeof tool.title === 'string' && title !== tool.title) {
    add(
      'title-conflict',
      `title "${tool.title}" and annotations.title "${title}" differ; clients prefer title`,
      'annotations.title',
    );
  }
  if (read.state !== 'ok') return;
  const { readOnlyHint, destructiveHint, idempotentHint } = read.hints;
  if (readOnlyHint === true && (destructiveHint === true || idempotentHint === false)) {
    const other = destructiveHint === true ? 'destructiveHint: true' : 'idempotentHint: false';
    add('annotations-contradictory', `readOnlyHint: true contradicts ${other}; readOnlyHint wins`, 'annotations');
  }
  if (readOnlyHint === true) lintReadOnlyName(tool, policy, 'readOnlyHint: true', 'annotations.readOnlyHint', add);
  if (
    readOnlyHint === false &&
    annotationClass(read.hints) === undefined &&
    classifyTool(tool, policy).source === 'annotation'
  ) {
    add(
      'not-readonly-unspecified-effect',
      'readOnlyHint: false says the tool changes something, but no hint or name word says how, so it is classified Mutating as a precaution (called at most once per run); set destructiveHint or idempotentHint, mcp.dev/effect, or a tenant override',
      'annotations.readOnlyHint',
    );
  }
}

function lintReadOnlyName(tool: ToolDescriptor, policy: ExecPolicy, declared: string, field: string, add: Add): void {
  const byName = classifyToolName(tool.name, policy);
  if (byName.class === 'Destructive') {
    add(
      'readonly-declared-destructive-name',
      `${declared}, but the name holds the destructive word "${byName.word}"`,
      field,
    );
  } else if (byName.class === 'Mutating') {
    add('readonly-declared-mutating-name', `${declared}, but the name holds the mutating word "${byName.word}"`, field);
  }
}

function lintMeta(tool: ToolDescriptor, policy: ExecPolicy, add: Add): void {
  const meta = tool._meta;
  if (meta !== undefined && !isRecord(meta)) {
    add('meta-malformed', `_meta is ${kindOf(meta)}, not an object; its hints are ignored`, '_meta');
  }
  const m = isRecord(meta) ? meta : {};

  const effect = readMetaEffect(tool);
  if (effect.state === 'unknown') {
    add(
      'meta-unknown-value',
      `${META_EFFECT} is ${JSON.stringify(effect.value)}; expected one of ${META_EFFECT_VALUES.join(', ')} (ignored)`,
      `_meta.${META_EFFECT}`,
    );
  } else if (effect.state === 'ok') {
    const annotations = readAnnotations(tool);
    const declared = annotations.state === 'ok' ? annotationClass(annotations.hints) : undefined;
    const fromMeta: ToolClass =
      effect.effect === 'read' ? 'ReadOnly' : effect.effect === 'delete' ? 'Destructive' : 'Mutating';
    if (declared !== undefined && cautionRank(declared) !== cautionRank(fromMeta)) {
      add(
        'meta-effect-conflicts-annotations',
        `${META_EFFECT} "${effect.effect}" implies ${fromMeta}, the annotations ${declared}; the annotations win`,
        `_meta.${META_EFFECT}`,
      );
    }
    const readOnlyByAnnotation = annotations.state === 'ok' && annotations.hints.readOnlyHint === true;
    if (effect.effect === 'read' && !readOnlyByAnnotation) {
      lintReadOnlyName(tool, policy, `${META_EFFECT} "read"`, `_meta.${META_EFFECT}`, add);
    }
  }

  const sensitivity = m[META_RESULT_SENSITIVITY];
  if (sensitivity !== undefined && !(RESULT_SENSITIVITY_VALUES as readonly unknown[]).includes(sensitivity)) {
    add(
      'meta-unknown-value',
      `${META_RESULT_SENSITIVITY} is ${JSON.stringify(sensitivity)}; expected one of ${RESULT_SENSITIVITY_VALUES.join(', ')} (results are redacted to be safe)`,
      `_meta.${META_RESULT_SENSITIVITY}`,
    );
  }
  const confirmation = m[META_REQUIRES_CONFIRMATION];
  if (confirmation !== undefined && typeof confirmation !== 'boolean') {
    add(
      'meta-unknown-value',
      `${META_REQUIRES_CONFIRMATION} is ${JSON.stringify(confirmation)}; expected true or false`,
      `_meta.${META_REQUIRES_CONFIRMATION}`,
    );
  }
  for (const key of Object.keys(m)) {
    if (!key.startsWith(META_PREFIX) || KNOWN_META_KEYS.includes(key)) continue;
    const suggestion = suggestKey(key, KNOWN_META_KEYS);
    add(
      'meta-unknown-key',
      `unknown _meta key "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; it has no effect`,
      `_meta.${key}`,
    );
  }

  if (classifyTool(tool, policy).class === 'Destructive' && confirmation !== true) {
    add(
      'destructive-without-confirmation',
      `the tool is classified Destructive; set _meta "${META_REQUIRES_CONFIRMATION}": true so clients ask before calling it`,
      `_meta.${META_REQUIRES_CONFIRMATION}`,
    );
  }
}
