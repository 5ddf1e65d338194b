/** The copy-ready CI commands for one suite, as the suite page shows them (docs/ci.md has the long form). */
export interface CiSnippets {
  /** One shell line; the token goes in front as a placeholder the user replaces. */
  shell: string;
  /** A complete GitHub Actions workflow with one job whose step runs the same command, the token from a secret. */
  githubActions: string;
}

/** A word a POSIX shell and YAML take literally as it is; anything else is single-quoted. */
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

function shellWord(value: string): string {
  return PLAIN.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The CI snippets for a suite: `npx --yes @mcptest/cli ci --api <appUrl> --suite <suiteId>` (the published CLI
 * package, so `npx` never resolves an unrelated `mcptest` package; `--yes` so CI does not wait on npx's prompt) as a
 * shell line with `MCPTEST_TOKEN=<your token>` and as a GitHub Actions job reading `secrets.MCPTEST_TOKEN`.
 * `appUrl` is the deployment's APP_URL (a trailing slash is dropped).
 */
export function buildCiSnippets({ appUrl, suiteId }: { appUrl: string; suiteId: string }): CiSnippets {
  const command = `npx --yes @mcptest/cli ci --api ${shellWord(appUrl.replace(/\/+$/, ''))} --suite ${shellWord(suiteId)}`;
  const shell = `MCPTEST_TOKEN=<your token> ${command}`;
  const githubActions = [
    'name: mcptest',
    'on: [push, pull_request]',
    'jobs:',
    '  mcptest:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 22',
    `      - run: ${command}`,
    '        env:',
    '          MCPTEST_TOKEN: ${{ secrets.MCPTEST_TOKEN }}',
    '',
  ].join('\n');
  return { shell, githubActions };
}
