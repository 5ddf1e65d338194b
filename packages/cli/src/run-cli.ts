import { readFileSync } from 'node:fs';
import { classifyCommand } from './commands/classify';
import { lintCommand } from './commands/lint';
import { validateCommand } from './commands/validate';

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
  audit --url URL       probe every tool and write a starter suite
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
  // Loaded on demand: the executor (and the MCP SDK behind it) is only needed to run suites.
  if (command === 'run') return (await import('./commands/run')).runCommand(argv.slice(1));
  if (command === 'validate') return validateCommand(argv.slice(1));
  if (command === 'classify') return classifyCommand(argv.slice(1));
  if (command === 'lint') return lintCommand(argv.slice(1));
  // Loaded on demand: it pulls in the MCP SDK server, which the other commands do not need.
  if (command === 'mock') return (await import('./commands/mock')).mockCommand(argv.slice(1));
  if (command === 'audit') return (await import('./commands/audit')).auditCommand(argv.slice(1));
  if (command === 'ci') return (await import('./commands/ci')).ciCommand(argv.slice(1));
  return { exitCode: 2, stdout: '', stderr: `mcptest: unknown command "${command}"\n\n${USAGE}` };
}
