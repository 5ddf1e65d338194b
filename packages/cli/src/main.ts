// The `mcptest` command. Exit codes (DESIGN.md): 0 success, 1 test failure or regression, 2 usage/config/connection.
import { runCli } from './run-cli';

const result = await runCli(process.argv.slice(2));
if (result.stdout) process.stdout.write(result.stdout);
if (result.stderr) process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
