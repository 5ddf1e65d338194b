// Finding and loading suite files: shared by `mcptest validate` (load only) and `mcptest run` (load, then execute).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatSuiteError, loadSuite, type LoadedSuite } from '@mcptest/core';

/** Directories that hold test data or tooling rather than suites (fixture folders hold arbitrary YAML). */
const SKIPPED_DIRS = new Set(['fixtures', 'node_modules']);

function isSuiteFile(name: string): boolean {
  return /\.ya?ml$/i.test(name);
}

/** Suite files under `dir`, depth-first in name order, so output is stable across machines. */
async function suiteFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
      files.push(...(await suiteFilesIn(full)));
    } else if (entry.isFile() && isSuiteFile(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/** The suite files named by the arguments, and the arguments that could not be used (missing, not YAML, empty). */
export async function collectSuiteFiles(args: readonly string[]): Promise<{ files: string[]; problems: string[] }> {
  const files: string[] = [];
  const problems: string[] = [];
  for (const arg of args) {
    let info;
    try {
      info = await stat(arg);
    } catch {
      problems.push(`${arg}: no such file or directory`);
      continue;
    }
    if (info.isDirectory()) {
      const found = await suiteFilesIn(arg);
      if (found.length === 0) problems.push(`${arg}: no .yaml or .yml files found`);
      files.push(...found);
    } else if (isSuiteFile(arg)) {
      files.push(arg);
    } else {
      problems.push(`${arg}: not a .yaml or .yml file`);
    }
  }
  return { files: [...new Set(files)], problems };
}

/** Every suite of `files` loaded, or every problem found (unreadable files, located YAML and schema errors). */
export type LoadSuiteFilesOutcome = { ok: true; suites: LoadedSuite[] } | { ok: false; problems: string[] };

/**
 * Reads and loads each file; reports all problems of all files at once, so one run of the command shows everything
 * to fix. Problems are `file:line:col: message (hint)` lines (or `file: cannot read (...)`).
 */
export async function loadSuiteFiles(files: readonly string[]): Promise<LoadSuiteFilesOutcome> {
  const suites: LoadedSuite[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      problems.push(`${file}: cannot read (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const result = loadSuite(text, file);
    if (result.ok) suites.push(result.suite);
    else problems.push(...result.errors.map(formatSuiteError));
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, suites };
}
