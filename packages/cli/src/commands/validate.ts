// `mcptest validate <files or dirs...>`: load every suite file and report located errors, without running anything.
import { readFile } from 'node:fs/promises';
import { formatSuiteError, loadSuite } from '@mcptest/core';
import type { CliResult } from '../run-cli';
import { collectSuiteFiles } from '../suite-files';

export const VALIDATE_USAGE = `usage: mcptest validate <suite files or dirs...>

Loads each .yaml/.yml file (directories are searched recursively, skipping folders named
fixtures or node_modules and hidden ones) and prints "ok  <file> (N assertions)", or every
error as file:line:col: message (hint). Exit 0 when all load, 2 otherwise.
`;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Runs `mcptest validate`; returns output instead of printing, like every command. */
export async function validateCommand(args: readonly string[]): Promise<CliResult> {
  if (args.includes('-h') || args.includes('--help')) return { exitCode: 0, stdout: VALIDATE_USAGE, stderr: '' };
  const unknown = args.find((arg) => arg.startsWith('-') && arg !== '-');
  if (unknown !== undefined) {
    return { exitCode: 2, stdout: '', stderr: `mcptest validate: unknown option ${unknown}\n\n${VALIDATE_USAGE}` };
  }
  if (args.length === 0) {
    return { exitCode: 2, stdout: '', stderr: `mcptest validate: no suite files given\n\n${VALIDATE_USAGE}` };
  }

  const { files, problems } = await collectSuiteFiles(args);
  let stdout = '';
  let stderr = problems.map((problem) => `mcptest validate: ${problem}\n`).join('');
  let failed = 0;
  let assertions = 0;
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      failed++;
      stderr += `mcptest validate: ${file}: cannot read (${error instanceof Error ? error.message : String(error)})\n`;
      continue;
    }
    const result = loadSuite(text, file);
    if (result.ok) {
      assertions += result.suite.assertions.length;
      const conformance = result.suite.conformance;
      const checks = conformance ? `, conformance ${conformance.revision}` : '';
      stdout += `ok  ${file} (${plural(result.suite.assertions.length, 'assertion')}${checks})\n`;
    } else {
      failed++;
      stderr += result.errors.map((error) => `${formatSuiteError(error)}\n`).join('');
    }
  }

  if (failed > 0 || problems.length > 0) {
    const summary = [
      failed > 0 ? `${failed} of ${plural(files.length, 'file')} with errors` : '',
      problems.length > 0 ? plural(problems.length, 'unusable argument') : '',
    ].filter(Boolean);
    return { exitCode: 2, stdout, stderr: `${stderr}mcptest validate: ${summary.join(', ')}\n` };
  }
  stdout += `${plural(files.length, 'file')}, ${plural(assertions, 'assertion')}: all valid\n`;
  return { exitCode: 0, stdout, stderr };
}
