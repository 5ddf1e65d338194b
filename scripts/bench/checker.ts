import { checkToolResult, type Expect, type ToolObservation } from '@mcptest/core';
import { rate, runSync, type Benchmark } from './lib/measure';

/** A search-like tool result: a line of prose, then a JSON document with a results array. */
function observation(): ToolObservation {
  const results = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    name: i === 0 ? 'alpha' : `item-${i}`,
    score: Math.round((1 - i / 50) * 1000) / 1000,
    tags: ['bench', i % 2 === 0 ? 'even' : 'odd'],
    location: { file: `src/module-${i}.ts`, line: 10 + i },
  }));
  const json = JSON.stringify({ query: 'alpha', total: results.length, results, nextCursor: null });
  return {
    result: {
      content: [
        { type: 'text', text: `Found ${results.length} results for "alpha" in 12 ms` },
        { type: 'text', text: json },
      ],
      isError: false,
    },
    durationMs: 12,
  };
}

/** Several expectations of the kinds suites use most; every one passes, so every one is evaluated. */
const EXPECT: Expect = {
  not_error: true,
  not_empty: true,
  contains: ['alpha', '"results"', 'src/module-3.ts'],
  not_contains: ['Traceback', 'internal error'],
  matches_regex: ['Found \\d+ results', '"total":\\s*25', '"name":"item-\\d+"'],
  json_path: { '$.query': 'alpha', total: 25, '$.results[0].name': 'alpha', '$.results[3].location.line': 13 },
  min_results: 10,
  max_results: 100,
};

/** `checkToolResult` on one representative observation. */
export const checker: Benchmark = {
  name: 'checker',
  description:
    'checkToolResult with contains, not_contains, matches_regex, json_path, min/max_results on a 25-result JSON',
  async run(context) {
    const observed = observation();
    const kB = (observed.result.content ?? []).reduce((sum, block) => sum + String(block.text).length, 0) / 1000;
    const first = checkToolResult(EXPECT, observed);
    if (!first.ok) throw new Error(`the benchmark's expectations should pass: ${first.failure.message}`);
    let failures = 0;
    const measured = runSync(
      () => {
        if (!checkToolResult(EXPECT, observed).ok) failures += 1;
      },
      { durationMs: context.durationMs },
    );
    return [
      {
        benchmark: 'checker',
        case: `${Object.keys(EXPECT).length} expectations, ${kB.toFixed(1)} kB result`,
        rate: rate(measured.ops, measured.elapsedMs),
        unit: 'checks',
        ops: measured.ops,
        rss: measured.rss,
        ...(failures > 0 ? { note: `${failures} checks failed` } : {}),
      },
    ];
  },
};
