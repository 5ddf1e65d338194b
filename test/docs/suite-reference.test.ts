import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EXPECT_KEYS,
  formatSuiteError,
  loadSuite,
  SUITE_BLOCK_KEYS,
  SUITE_TRAJECTORY_KEYS,
  SuiteDocument,
  SuitePolicy,
  SuiteServerSchema,
  TRAJECTORY_ASSERTION_TYPES,
} from '@mcptest/core';
import {
  renderSuiteReference,
  SUITE_REFERENCE_COMMAND,
  SUITE_REFERENCE_PATH,
  suiteReferenceExamples,
} from '../../scripts/docs/suite-reference';

// docs/suite-reference.md is generated from the suite schemas' .meta(); these tests keep the file and the schemas one.
const rendered = await renderSuiteReference();

/** Loads one example as `mcptest validate` would; the errors, formatted, when it does not load. */
function loadErrors(yaml: string): string[] {
  const result = loadSuite(yaml, 'example.yaml');
  return result.ok ? [] : result.errors.map(formatSuiteError);
}

describe('the suite reference', () => {
  it('is up to date with the schemas', () => {
    const onDisk = readFileSync(SUITE_REFERENCE_PATH, 'utf8');
    expect(
      onDisk === rendered,
      `${SUITE_REFERENCE_PATH} is stale (the suite schemas changed): run \`${SUITE_REFERENCE_COMMAND}\` and commit the result`,
    ).toBe(true);
  });

  it('shows every example as a file that loads', () => {
    const examples = suiteReferenceExamples(rendered);
    expect(examples.length).toBeGreaterThan(100);
    const failures = examples
      .map((yaml) => ({ yaml, errors: loadErrors(yaml) }))
      .filter((example) => example.errors.length > 0);
    expect(failures).toEqual([]);
  });

  it('has a heading for every key of the suite format', () => {
    const headings = new Set([...rendered.matchAll(/^### `([^`]+)`$/gm)].map((match) => match[1]));
    const keys = [
      ...EXPECT_KEYS,
      ...SUITE_BLOCK_KEYS,
      ...SUITE_TRAJECTORY_KEYS,
      ...TRAJECTORY_ASSERTION_TYPES,
      ...Object.keys(SuiteDocument.shape),
      ...Object.keys(SuiteServerSchema.shape),
      ...Object.keys(SuitePolicy.shape),
    ];
    expect(keys.filter((key) => !headings.has(key))).toEqual([]);
  });
});

describe('docs/suite-format.md', () => {
  const text = readFileSync('docs/suite-format.md', 'utf8');

  it('shows examples that load', () => {
    // A YAML block followed by "gives:" and a plain block is an example of errors, checked below.
    const examples = [...text.matchAll(/```yaml\n([\s\S]*?)```(\s*gives:)?/g)]
      .filter((match) => match[2] === undefined)
      .map((match) => match[1] ?? '');
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.map(loadErrors)).toEqual(examples.map(() => []));
  });

  it('shows the errors its broken example really gives', () => {
    const shown = [...text.matchAll(/```yaml\n((?:(?!```)[\s\S])*)```\s*gives:\s*```\n((?:(?!```)[\s\S])*)```/g)];
    expect(shown.length).toBeGreaterThan(0);
    for (const [, yaml = '', errors = ''] of shown) {
      const result = loadSuite(yaml, 'suite.yaml');
      expect(result.ok ? [] : result.errors.map(formatSuiteError)).toEqual(errors.trimEnd().split('\n'));
    }
  });
});
