import {
  DEFAULT_ASSERTION_TIMEOUT_MS,
  decide,
  orderByPhase,
  classifyRisk,
  needsReview,
  scaffoldSuite,
  synthesizeArguments,
  type ExecPolicy,
  type RiskLevel,
  type ToolClassification,
  type ToolDescriptor,
} from '@mcptest/core';
import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import { checkSuiteYaml } from './check-suite-yaml';
import { StoredDiscovery } from '@/server/services/servers/discovery-schemas';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';

/**
 * `starter`: one test per discovered tool, as `mcptest audit --out` writes them (same scaffolding), gathered into one
 * suite document. `example`: a short, commented suite calling one read-only tool, to show the format.
 */
export const ScaffoldStarterSuiteRequest = z.object({
  serverId: z.string().min(1),
  kind: z.enum(['starter', 'example']).default('starter'),
});
export type ScaffoldStarterSuiteRequest = z.input<typeof ScaffoldStarterSuiteRequest>;

export type StarterSuite =
  | {
      discovered: true;
      serverName: string;
      discoveredAt: string;
      yaml: string;
      /** Tools in the suite; GenerateOnly ones are written with `skip:` until someone reviews them. */
      tools: number;
      needsReview: number;
    }
  | {
      discovered: false;
      serverName: string;
      /** `example` only: a suite with a placeholder tool, for a server not discovered yet. */
      yaml?: string;
    };

/** What a suite for a server nobody discovered yet starts from: valid, with the tool name left to fill in. */
export const PLACEHOLDER_EXAMPLE_YAML = `# An example suite: each item under \`assertions:\` calls one tool and checks its result.
# Discover the server (on its page) to start from its real tools instead.
name: first checks
timeout: 30s
assertions:
  - name: a tool answers without error
    assert:
      tool: your_tool_name
      args: {}
      expect:
        not_error: true
`;

/** How scaffoldSuite's header starts (it is written for `mcptest audit`). */
const SCAFFOLD_ORIGIN = 'Scaffolded by mcptest audit.';
/** What scaffoldSuite writes for the default timeout (DEFAULT_ASSERTION_TIMEOUT_MS). */
const DEFAULT_TIMEOUT_LINE = `timeout: ${DEFAULT_ASSERTION_TIMEOUT_MS / 1000}s`;

/** A comment line that nothing a server sent (tool names, descriptions) can end early to inject YAML. */
function comment(text: string, indent = ''): string {
  return `${indent}# ${text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()}`;
}

/** A YAML key or short value written as a plain or quoted scalar, whichever is safe. */
function scalar(text: string): string {
  return /^[A-Za-z0-9][\w .-]*$/.test(text) && !/[:#]/.test(text) ? text : JSON.stringify(text);
}

/**
 * Turns one scaffolded single-assertion file into an item of `assertions:`: its comment lines stay above the item,
 * its top-level mapping becomes the list item (every line indented alike, which keeps block scalars valid).
 */
function asListItem(fileYaml: string): string {
  const lines = fileYaml.replace(/\n+$/, '').split('\n');
  const out: string[] = [];
  let started = false;
  for (const line of lines) {
    if (!started && line.startsWith('#')) {
      // The hosted starter comes from a discovery, not from an audit's calls (the suite's header says so).
      out.push(`  ${line.replace(SCAFFOLD_ORIGIN, '').replace(/^# +/, '# ')}`);
      continue;
    }
    // Every test would repeat the default timeout; the suite's default says it once.
    if (line === DEFAULT_TIMEOUT_LINE) continue;
    out.push(line === '' ? '' : `${started ? '    ' : '  - '}${line}`);
    started = true;
  }
  return out.join('\n');
}

/**
 * Why a starter test is held for review (docs/health.md#coverage-and-risk-phases): live checks only for read-only
 * tools; a tool that may change state (phase low, medium or high; GenerateOnly ones are held by the policy already)
 * or a read-only guess whose description speaks of changing state waits for a person.
 */
function starterReview(
  tool: ToolDescriptor,
  classification: ToolClassification,
  phase: RiskLevel,
): { review?: string } {
  if (phase !== 'read-only' && phase !== 'setup') return { review: `risk phase ${phase}: it may change state` };
  const word = needsReview(tool, classification);
  return word === undefined ? {} : { review: `classed read-only by its name only, but its description says "${word}"` };
}

interface PlannedTool {
  tool: ToolDescriptor;
  classification: ToolClassification;
  phase: RiskLevel;
  /** Set when the test is held for review (see starterReview). */
  review?: string;
  generate: ReturnType<typeof decide>;
}

function plan(tools: readonly ToolDescriptor[], policy: ExecPolicy): PlannedTool[] {
  const planned = tools.map((tool) => {
    const { classification, risk } = classifyRisk(tool, policy);
    const generate = decide(classification.class, 'generate', policy);
    return { tool, classification, phase: risk.level, generate, ...starterReview(tool, classification, risk.level) };
  });
  // In risk-phase order, as the suite will run: the order `mcptest audit` writes its starter files in.
  return orderByPhase(planned, (p) => p.phase);
}

function starterYaml(serverName: string, discoveredAt: string, planned: PlannedTool[]) {
  const items = planned.map((p) => {
    const synthesized = synthesizeArguments(p.tool.inputSchema);
    // No server block: a hosted suite runs against its server (URL and headers stay on the server, never in YAML).
    const file = scaffoldSuite({
      tool: p.tool,
      classification: p.classification,
      decision: p.generate,
      args: synthesized.ok ? synthesized.args : {},
      argumentNotes: synthesized.ok ? synthesized.notes : [],
      ...(synthesized.ok ? {} : { argumentsProblem: synthesized.reason }),
      ...(p.review === undefined ? {} : { review: p.review }),
    });
    return asListItem(file.yaml);
  });
  const needsReview = planned.filter((p) => p.generate.decision === 'GenerateOnly' || p.review !== undefined).length;
  const header = [
    comment(`Starter suite for ${serverName}: one assertion per tool found by the discovery of ${discoveredAt}.`),
    comment(
      'Each assertion checks the tool answers without error; add `contains:` or `json_path:` for what it must say.',
    ),
    comment('Arguments were made up from each input schema: check the lines marked "check:" before relying on them.'),
    ...(needsReview > 0
      ? [
          comment(
            `${needsReview} tool(s) that may change state are skipped until you review them (delete their skip line).`,
          ),
        ]
      : []),
  ];
  return {
    yaml: `${header.join('\n')}\nname: ${scalar(`${serverName} starter suite`)}\nassertions:\n${items.join('\n')}\n`,
    needsReview,
  };
}

function exampleYaml(serverName: string, planned: PlannedTool[]): string | undefined {
  for (const p of planned) {
    if (p.generate.decision !== 'Execute') continue;
    const synthesized = synthesizeArguments(p.tool.inputSchema);
    if (!synthesized.ok || synthesized.notes.length > 0) continue;
    const file = scaffoldSuite({
      tool: p.tool,
      classification: p.classification,
      decision: p.generate,
      args: synthesized.args,
    });
    const body = asListItem(
      file.yaml
        .split('\n')
        .filter((line) => !line.startsWith('#'))
        .join('\n'),
    );
    return [
      comment(`An example suite for ${serverName}: it calls \`${p.tool.name}\`, a read-only tool its discovery found.`),
      comment('Each item under `assertions:` calls one tool and checks the result under `expect:`'),
      comment('(not_error, contains, matches_regex, json_path, ...). Or generate a starter suite with every tool.'),
      `name: ${scalar(`${serverName} checks`)}`,
      'assertions:',
      body,
      '',
    ].join('\n');
  }
  return undefined;
}

/**
 * A suite to start from, made from the server's last discovery (no tool is called): `starter` gathers one scaffolded
 * test per tool, the same scaffolding as `mcptest audit --out` under the tenant's exec policy (destructive tools
 * skipped until reviewed, mutating ones marked serial); `example` is a short commented suite calling one read-only
 * tool. Without a discovery, `discovered: false` (and, for `example`, a placeholder suite). What comes back always
 * passes the same validation as a save.
 */
export async function scaffoldStarterSuite(
  deps: ServiceDeps,
  actor: Actor,
  request: ScaffoldStarterSuiteRequest,
): Promise<StarterSuite> {
  const { serverId, kind } = ScaffoldStarterSuiteRequest.parse(request);
  const row = await deps.db.tenant(actor.tenantId).server.findFirst({
    where: { id: serverId, ...(actor.projectId ? { projectId: actor.projectId } : {}) },
    select: { name: true, discovery: true, discoveredAt: true },
  });
  if (!row) throw new ApiError('not_found', 'server not found');
  const discovery = StoredDiscovery.safeParse(row.discovery);
  if (!discovery.success || !row.discoveredAt || discovery.data.tools.length === 0) {
    return {
      discovered: false,
      serverName: row.name,
      ...(kind === 'example' ? { yaml: PLACEHOLDER_EXAMPLE_YAML } : {}),
    };
  }
  const { policy } = await loadTenantPolicy(deps, actor.tenantId);
  const planned = plan(discovery.data.tools as ToolDescriptor[], policy);
  const discoveredAt = row.discoveredAt.toISOString();
  const built =
    kind === 'starter'
      ? starterYaml(row.name, discoveredAt.slice(0, 16).replace('T', ' ') + ' UTC', planned)
      : { yaml: exampleYaml(row.name, planned) ?? PLACEHOLDER_EXAMPLE_YAML, needsReview: 0 };
  const problems = checkSuiteYaml({ yaml: built.yaml });
  if (problems.length > 0) {
    // A scaffolding bug, not the user's: say which line so it can be reported.
    const first = problems[0];
    throw new ApiError('internal', `the generated suite does not load (line ${first?.line}: ${first?.message})`);
  }
  return {
    discovered: true,
    serverName: row.name,
    discoveredAt,
    yaml: built.yaml,
    tools: kind === 'starter' ? planned.length : 1,
    needsReview: built.needsReview,
  };
}
