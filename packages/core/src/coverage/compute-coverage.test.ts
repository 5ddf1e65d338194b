import { describe, expect, it } from 'vitest';
import { ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { loadSuite } from '../suite/load-suite';
import { computeCoverage, coverageAssertionsOf, toMcpAssertCoverageJson } from './compute-coverage';
import { formatCoverageText } from './format-coverage';

const policy = ExecPolicy.parse({});
const tools: ToolDescriptor[] = [
  { name: 'delete_item', description: 'Deletes an item.' },
  { name: 'get_item', annotations: { readOnlyHint: true } },
  { name: 'create_item' },
  { name: 'sync', description: 'Writes the cache to disk.' },
  { name: 'set_flag', annotations: { readOnlyHint: false, idempotentHint: true } },
  { name: 'get_item', description: 'a repeated listing entry' },
];

const suiteYaml = `
name: items
assertions:
  - name: read
    setup:
      - tool: create_item
    assert: { tool: get_item, expect: { not_error: true } }
  - name: read again
    assert: { tool: get_item }
  - name: flag
    assert: { tool: set_flag }
  - name: gone
    assert: { tool: rename_item }
  - name: resources
    assert_resources: { list: {} }
`;

function loaded() {
  const result = loadSuite(suiteYaml, 'items.yaml');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.suite;
}

describe('computeCoverage', () => {
  const report = computeCoverage(tools, coverageAssertionsOf(loaded()), policy);

  it('lists every tool once, in phase order, with class, phase and its assertions', () => {
    expect(report.tools.map((t) => [t.name, t.phase, t.class, t.assertions, t.covered])).toEqual([
      ['get_item', 'read-only', 'ReadOnly', 2, true],
      ['sync', 'read-only', 'ReadOnlyPresumed', 0, false],
      ['set_flag', 'low', 'Mutating', 1, true],
      ['create_item', 'medium', 'Mutating', 0, false],
      ['delete_item', 'high', 'Destructive', 0, false],
    ]);
    expect(report.tools[0]?.assertedBy).toEqual([
      { suite: 'items', key: 'items.yaml#read' },
      { suite: 'items', key: 'items.yaml#read again' },
    ]);
  });

  it('counts setup steps apart: they exercise a tool but do not cover it', () => {
    const create = report.tools.find((t) => t.name === 'create_item');
    expect(create).toMatchObject({ setupUses: 1, covered: false });
  });

  it('names the uncovered mutating and destructive tools, the ones needing review and the unknown ones', () => {
    expect(report.uncoveredRisky).toEqual(['create_item', 'delete_item']);
    expect(report.tools.filter((t) => t.needsReview).map((t) => [t.name, t.reviewReason])).toEqual([
      ['sync', 'the description says "writes"'],
    ]);
    expect(report.unknownTools).toEqual(['rename_item']);
  });

  it('totals overall and per phase, percentage rounded down', () => {
    expect(report.totals).toEqual({
      tools: 5,
      covered: 2,
      percentage: 40,
      needsReview: 1,
      byPhase: {
        setup: { tools: 0, covered: 0 },
        'read-only': { tools: 2, covered: 1 },
        low: { tools: 1, covered: 1 },
        medium: { tools: 1, covered: 0 },
        high: { tools: 1, covered: 0 },
      },
    });
  });

  it('has nothing to cover without tools', () => {
    const empty = computeCoverage([], coverageAssertionsOf(loaded()), policy);
    expect(empty.totals.percentage).toBe(0);
    expect(empty.tools).toEqual([]);
  });

  it("writes mcp-assert's --coverage-json shape: names sorted, setup not counted", () => {
    expect(toMcpAssertCoverageJson(report)).toEqual({
      total: 5,
      covered: 2,
      percentage: 40,
      covered_tools: [
        { name: 'get_item', assertions: 2 },
        { name: 'set_flag', assertions: 1 },
      ],
      uncovered_tools: ['create_item', 'delete_item', 'sync'],
    });
  });

  it('formats a text table with every tool and its phase', () => {
    const text = formatCoverageText(report);
    expect(text).toContain('Server lists 5 tools, 2 covered by an assertion (40%)');
    for (const tool of report.tools) expect(text).toMatch(new RegExp(`^${tool.phase}\\s+${tool.name}\\s`, 'm'));
    expect(text).toContain('Not covered, mutating or destructive (2): create_item, delete_item');
    expect(text).toContain('Needs review (1): sync');
    expect(text).toContain('Called but not listed by the server (1): rename_item');
  });
});
