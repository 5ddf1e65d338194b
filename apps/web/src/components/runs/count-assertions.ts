import { loadSuite } from '@mcptest/core';

/**
 * How many results a run of this suite YAML produces (one per assertion; hosted runs make one trial), for the live
 * progress bar's total. Undefined when the YAML is missing or does not load (the bar then shows no total).
 */
export function countAssertions(yaml: string | undefined): number | undefined {
  if (yaml === undefined) return undefined;
  const loaded = loadSuite(yaml, 'suite.yaml');
  return loaded.ok ? loaded.suite.assertions.length : undefined;
}
