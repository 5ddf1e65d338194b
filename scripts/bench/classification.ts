import { classifyTool, defaultExecPolicy, ExecPolicy, META_EFFECT, type ToolDescriptor } from '@mcptest/core';
import { rate, runSync, type Benchmark, type BenchRow } from './lib/measure';

const VERBS = ['get', 'list', 'search', 'read', 'create', 'update', 'delete', 'send', 'remove', 'fetch', 'force-push'];
const NOUNS = ['user', 'issue', 'pull_request', 'file', 'repo', 'message', 'channel', 'invoice', 'record', 'table'];
const STYLES = [
  (verb: string, noun: string) => `${verb}_${noun}`,
  (verb: string, noun: string) =>
    `${verb}${noun[0]!.toUpperCase()}${noun.slice(1).replace(/_(\w)/g, (_, c) => c.toUpperCase())}`,
  (verb: string, noun: string) => `${noun}.${verb}`,
  (verb: string, noun: string) => `${verb}-${noun.replaceAll('_', '-')}s`,
];

/**
 * 1,000 tool descriptors as servers publish them: names in several styles, about half with annotations (some
 * malformed), a tenth with an `mcp.dev/effect` hint, and descriptions and input schemas that are carried but unread.
 */
export function syntheticTools(count = 1000): ToolDescriptor[] {
  return Array.from({ length: count }, (_, i) => {
    const verb = VERBS[i % VERBS.length]!;
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]!;
    const name = `${STYLES[i % STYLES.length]!(verb, noun)}${i >= 440 ? `_${i}` : ''}`;
    const tool: ToolDescriptor = {
      name,
      description: `Does ${verb} on a ${noun}. Synthetic tool #${i} for the classification benchmark.`,
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    };
    switch (i % 8) {
      case 0:
        tool.annotations = { readOnlyHint: true, openWorldHint: false };
        break;
      case 1:
        tool.annotations = { readOnlyHint: false, destructiveHint: true };
        break;
      case 2:
        tool.annotations = { readOnlyHint: false, idempotentHint: false };
        break;
      case 3:
        tool.annotations = { readOnlyHint: 'yes' };
        break;
      default:
        break;
    }
    if (i % 10 === 5) tool._meta = { [META_EFFECT]: ['read', 'write', 'delete', 'external', 'other'][i % 5] };
    return tool;
  });
}

const TENANT_POLICY = ExecPolicy.parse({
  annotation_trust: 'cap',
  overrides: [
    { tool: 'get_user', class: 'ReadOnly' },
    { tool: 'send_*', class: 'Destructive' },
    { tool: '*invoice*', class: 'Mutating' },
    { tool: 'list?file*', class: 'ReadOnly' },
  ],
  mutating_words: ['archive', 'force-push'],
  destructive_words: ['truncate'],
});

/** `classifyTool` over 1,000 synthetic descriptors, under the default policy and under a tenant policy. */
export const classification: Benchmark = {
  name: 'classification',
  description: 'classifyTool over 1,000 synthetic tool descriptors (default policy; tenant policy with overrides, cap)',
  async run(context) {
    const tools = syntheticTools();
    const rows: BenchRow[] = [];
    for (const [label, policy] of [
      ['default policy', defaultExecPolicy()],
      ['tenant policy (4 overrides, cap)', TENANT_POLICY],
    ] as const) {
      const classes = new Map<string, number>();
      for (const tool of tools) {
        const cls = classifyTool(tool, policy).class;
        classes.set(cls, (classes.get(cls) ?? 0) + 1);
      }
      let sink = 0;
      const measured = runSync(
        (i) => {
          sink += classifyTool(tools[i % tools.length]!, policy).reason.length;
        },
        { durationMs: context.durationMs },
      );
      void sink;
      rows.push({
        benchmark: 'classification',
        case: `1,000 tools, ${label}`,
        rate: rate(measured.ops, measured.elapsedMs),
        unit: 'tools',
        ops: measured.ops,
        rss: measured.rss,
        note: [...classes].map(([cls, n]) => `${cls} ${n}`).join(', '),
      });
    }
    return rows;
  },
};
