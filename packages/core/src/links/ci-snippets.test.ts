import { describe, expect, it } from 'vitest';
import { buildCiSnippets } from './ci-snippets';

describe('buildCiSnippets', () => {
  it.each([
    {
      what: 'a local deployment',
      appUrl: 'http://localhost:3000',
      suiteId: 'cmwr7qcyb0007uj7dm2f1b9sa',
      shell:
        'MCPTEST_TOKEN=<your token> npx --yes @mcptest/cli ci --api http://localhost:3000 --suite cmwr7qcyb0007uj7dm2f1b9sa',
      step: '      - run: npx --yes @mcptest/cli ci --api http://localhost:3000 --suite cmwr7qcyb0007uj7dm2f1b9sa',
    },
    {
      what: 'a trailing slash on APP_URL',
      appUrl: 'https://mcptest.example.com/',
      suiteId: 'abc',
      shell: 'MCPTEST_TOKEN=<your token> npx --yes @mcptest/cli ci --api https://mcptest.example.com --suite abc',
      step: '      - run: npx --yes @mcptest/cli ci --api https://mcptest.example.com --suite abc',
    },
    {
      what: 'a path under a proxy',
      appUrl: 'https://tools.example.com/mcptest',
      suiteId: 'abc',
      shell: 'MCPTEST_TOKEN=<your token> npx --yes @mcptest/cli ci --api https://tools.example.com/mcptest --suite abc',
      step: '      - run: npx --yes @mcptest/cli ci --api https://tools.example.com/mcptest --suite abc',
    },
    {
      what: 'characters a shell would read (quoted)',
      appUrl: "https://x.example.com/a b'c",
      suiteId: 'id;rm',
      shell: `MCPTEST_TOKEN=<your token> npx --yes @mcptest/cli ci --api 'https://x.example.com/a b'\\''c' --suite 'id;rm'`,
      step: `      - run: npx --yes @mcptest/cli ci --api 'https://x.example.com/a b'\\''c' --suite 'id;rm'`,
    },
  ])('$what', ({ appUrl, suiteId, shell, step }) => {
    const snippets = buildCiSnippets({ appUrl, suiteId });
    expect(snippets.shell).toBe(shell);
    const lines = snippets.githubActions.split('\n');
    const at = lines.indexOf(step);
    expect(at, snippets.githubActions).toBeGreaterThan(0);
    // The token comes from the repository's secret, in the step's env, never in the command.
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '        env:',
      '          MCPTEST_TOKEN: ${{ secrets.MCPTEST_TOKEN }}',
    ]);
    expect(snippets.githubActions).toMatch(/^jobs:$/m);
    expect(snippets.githubActions).not.toMatch(/<your token>/);
  });
});
