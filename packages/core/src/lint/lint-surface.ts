import { defaultExecPolicy, type ExecPolicy } from '../policy/exec-policy-schema';
import type { ServerSurface } from '../surface/server-surface';
import { isRecord } from '../util/is-record';
import type { LintSeverity } from './lint-tools';
import { destructiveWithoutHintRule } from './surface-rules/rule-destructive-without-hint';
import { exfiltrationRequestRule, exfiltrationShapeRule } from './surface-rules/rule-exfiltration';
import { hiddenCharactersRule } from './surface-rules/rule-hidden-characters';
import { markupRule } from './surface-rules/rule-markup';
import { modelDirectiveRule, promptInjectionRule } from './surface-rules/rule-model-instructions';
import { oversizedRule } from './surface-rules/rule-oversized';
import type { RuleContext, SurfaceRule } from './surface-rules/rule-context';
import { sensitiveParameterRule } from './surface-rules/rule-sensitive-parameters';
import { revealHidden } from './surface-rules/hidden-characters';
import { collectSurfaceItems, type SurfaceLocation } from './surface-rules/surface-texts';
import { toolShadowingRule, unlistedToolReferenceRule } from './surface-rules/rule-tool-references';

export { revealHidden, findHiddenChars } from './surface-rules/hidden-characters';
export { estimateTokens, CHARS_PER_TOKEN, MAX_ITEM_TOKENS, MAX_SURFACE_TOKENS } from './surface-rules/rule-oversized';
export type { SurfaceLocation, SurfaceItemKind } from './surface-rules/surface-texts';

/**
 * The security lint of a server's surface (docs/health.md, "Security lint"): what the server tells an agent, read
 * for text that attacks the agent or its user. Ids are stable (CI, the UI and stored findings key on them); each has
 * one severity and a one-line rationale, and docs/health.md a table with an example of each. The tool lints of
 * `lintTools` (LINT_RULES) are about descriptors being well-formed; none of these repeats one of them.
 */
export const SURFACE_LINT_RULES = {
  'surface-hidden-characters': {
    severity: 'error',
    rationale:
      'zero-width, bidirectional, tag or control characters: the model reads text a person reviewing the server cannot see',
  },
  'surface-markup-smuggling': {
    severity: 'warning',
    rationale:
      'HTML tags or comments, markdown images or links to URLs: hidden when rendered, or fetched by a client that renders them',
  },
  'surface-prompt-injection': {
    severity: 'error',
    rationale:
      'text that overrides the agent ("ignore previous instructions"), hides things from the user, or uses tags written for the model (<IMPORTANT>)',
  },
  'surface-model-directive': {
    severity: 'warning',
    rationale:
      'text that steers which tools the model calls ("always call this tool first"), beyond saying what the tool does',
  },
  'surface-unlisted-tool-reference': {
    severity: 'info',
    rationale:
      "names a tool this server does not list: another server's tool (shadowing) or a tool listed only to some clients",
  },
  'surface-tool-shadowing': {
    severity: 'warning',
    rationale:
      'tells the model to use this instead of another tool, not to use another tool, or how another tool must behave',
  },
  'surface-exfiltration-shape': {
    severity: 'warning',
    rationale:
      'one tool takes both a destination (URL, endpoint, webhook) and a free-text payload: a way to send data out',
  },
  'surface-exfiltration-request': {
    severity: 'error',
    rationale:
      'asks the model to pass the conversation, its instructions, keys or secrets into a call: data the user never meant to send',
  },
  'surface-sensitive-parameter': {
    severity: 'warning',
    rationale:
      'a parameter named like a secret (password, token, api_key): the model fills it, so the secret passes through the conversation',
  },
  'surface-destructive-without-hint': {
    severity: 'warning',
    rationale:
      'the name or the opening verb says the tool destroys something, but annotations do not set destructiveHint: true',
  },
  'surface-oversized-item': {
    severity: 'warning',
    rationale:
      'one tool, prompt, resource or the instructions costs over 2,000 tokens (4 characters a token) of context',
  },
  'surface-oversized-surface': {
    severity: 'warning',
    rationale: 'the whole surface costs over 25,000 tokens (4 characters a token) of context before the first call',
  },
} as const satisfies Record<string, { severity: LintSeverity; rationale: string }>;

export type SurfaceLintRuleId = keyof typeof SURFACE_LINT_RULES;

export interface SurfaceLintFinding {
  rule: SurfaceLintRuleId;
  severity: LintSeverity;
  location: SurfaceLocation;
  message: string;
  /** The offending text with some context, hidden characters written out (`⟨U+200B⟩`); absent for structural findings. */
  excerpt?: string;
}

/** The rules in SURFACE_LINT_RULES order: findings of one item come in this order. */
const RULES: readonly SurfaceRule[] = [
  hiddenCharactersRule,
  markupRule,
  promptInjectionRule,
  modelDirectiveRule,
  unlistedToolReferenceRule,
  toolShadowingRule,
  exfiltrationShapeRule,
  exfiltrationRequestRule,
  sensitiveParameterRule,
  destructiveWithoutHintRule,
  oversizedRule,
];

/** Every name the surface lists (tools, prompts, resources, parameters, enum values), lower-cased. */
function knownNames(surface: ServerSurface): Set<string> {
  const names = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') names.add(value.toLowerCase());
  };
  for (const tool of surface.tools) add(tool.name);
  for (const prompt of surface.prompts) {
    add(prompt.name);
    if (Array.isArray(prompt.arguments)) for (const a of prompt.arguments as unknown[]) if (isRecord(a)) add(a.name);
  }
  for (const resource of surface.resources) add(resource.name);
  for (const template of surface.resourceTemplates) add(template.name);
  return names;
}

/**
 * Lints what a server tells an agent: deterministic, offline, linear in the size of the surface (no regex runs over
 * untrusted text beyond single characters and short bounded slices). Findings come item by item (server info,
 * instructions, tools, prompts, resources, resource templates, each in list order), and for one item in rule order;
 * the surface-wide finding comes last. The policy supplies the destructive words (default: the built-in ones).
 */
export function lintSurface(surface: ServerSurface, policy: ExecPolicy = defaultExecPolicy()): SurfaceLintFinding[] {
  const items = collectSurfaceItems(surface);
  const known = knownNames(surface);
  for (const item of items) {
    for (const parameter of item.parameters) known.add(parameter.name.toLowerCase());
    for (const text of item.texts) if (text.location.field.includes('.enum[')) known.add(text.text.toLowerCase());
  }
  const findings: SurfaceLintFinding[] = [];
  const context: RuleContext = {
    surface,
    items,
    policy,
    knownNames: known,
    emit(rule, location, message, excerpt) {
      findings.push({
        rule,
        severity: SURFACE_LINT_RULES[rule].severity,
        location,
        // Messages quote names from the server; hidden characters in them are shown, never passed on.
        message: revealHidden(message),
        ...(excerpt === undefined ? {} : { excerpt }),
      });
    },
  };
  // Rules run in SURFACE_LINT_RULES order, so one item's findings come in rule order.
  for (const item of items) for (const rule of RULES) rule.item?.(item, context);
  for (const rule of RULES) rule.surface?.(context);
  return findings;
}

/** Counts by severity, as `mcptest lint` and discovery show them. */
export function summarizeSurfaceLint(findings: readonly SurfaceLintFinding[]): {
  errors: number;
  warnings: number;
  infos: number;
} {
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    infos: findings.filter((f) => f.severity === 'info').length,
  };
}
