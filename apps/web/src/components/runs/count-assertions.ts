import { AUTH_POSTURE_CATALOG, checksFor, loadSuite } from '@mcptest/core';

/**
 * How many results a run of this suite YAML produces (one per assertion, hosted runs making one trial, plus one per
 * check of its `conformance:` block's revision and one per finding of its `auth_posture:` block), for the live progress bar's total. Undefined when the YAML is missing or does not load (the bar then shows no total).
 */
export function countAssertions(yaml: string | undefined): number | undefined {
  if (yaml === undefined) return undefined;
  const loaded = loadSuite(yaml, 'suite.yaml');
  if (!loaded.ok) return undefined;
  const { assertions, conformance, authPosture } = loaded.suite;
  return (
    assertions.length +
    (conformance ? checksFor(conformance.revision).length : 0) +
    (authPosture ? AUTH_POSTURE_CATALOG.length : 0)
  );
}
