import { readFileSync } from 'node:fs';

export interface CliResult {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

const USAGE = `usage: mcptest <command> [options]

Commands:
  run <suites...>       run YAML suites against an MCP server
  validate <suites...>  check suite files without running them
  classify <tools.json> classify tools under the execution safety policy
  lint <tools.json>     lint tool descriptors
  coverage <suites...>  which of a server's tools the suites assert on, by risk phase
  audit --url URL       probe every tool and write a starter suite
  conformance --url URL run the MCP conformance checks of one revision, safely
  auth-posture --url URL check what an attacker finds at an OAuth-protected server's gate
  mock --tools-from F   serve a mock MCP server from YAML
  ci --api URL --suite ID  trigger a hosted run, stream its progress and wait for it

Options:
  -h, --help     show this help
  -v, --version  print the version
`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Each command is loaded on demand: `--version` and `--help` load none, and a command loads only what it needs (the
 * executor and the MCP SDK behind `run`, core's schemas behind `validate`). In the published bundle each of these
 * imports is a chunk of its own, which keeps the start of `mcptest` short (docs/benchmarks.md, "CLI start time").
 */
const COMMANDS = {
  run: async () => (await import('./commands/run')).runCommand,
  validate: async () => (await import('./commands/validate')).validateCommand,
  classify: async () => (await import('./commands/classify')).classifyCommand,
  lint: async () => (await import('./commands/lint')).lintCommand,
  coverage: async () => (await import('./commands/coverage')).coverageCommand,
  mock: async () => (await import('./commands/mock')).mockCommand,
  audit: async () => (await import('./commands/audit')).auditCommand,
  conformance: async () => (await import('./commands/conformance')).conformanceCommand,
  'auth-posture': async () => (await import('./commands/auth-posture')).authPostureCommand,
  ci: async () => (await import('./commands/ci')).ciCommand,
} satisfies Record<string, () => Promise<(args: readonly string[]) => Promise<CliResult>>>;

/** Parses argv and dispatches; returns output instead of printing so tests can call it in-process. */
export async function runCli(argv: readonly string[]): Promise<CliResult> {
  const [command] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    return {
      exitCode: command === undefined ? 2 : 0,
      stdout: command === undefined ? '' : USAGE,
      stderr: command === undefined ? USAGE : '',
    };
  }
  if (command === '-v' || command === '--version') return { exitCode: 0, stdout: `${version()}\n`, stderr: '' };
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command as keyof typeof COMMANDS] : undefined;
  if (load) return (await load())(argv.slice(1));
  return { exitCode: 2, stdout: '', stderr: `mcptest: unknown command "${command}"\n\n${USAGE}` };
}
