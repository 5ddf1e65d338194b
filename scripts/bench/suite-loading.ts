import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSuite } from '@mcptest/core';
import { percentiles, rate, runSync, type Benchmark } from './lib/measure';

const COMPAT_DIR = path.resolve('test/compat/mcp-assert');

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** `loadSuite` (YAML parse, schema, normalisation) over every mcp-assert compat file, read from disk once. */
export const suiteLoading: Benchmark = {
  name: 'suite-loading',
  description: 'loadSuite over every YAML file in test/compat/mcp-assert (files read once, then parsed in a loop)',
  async run(context) {
    const files = await Promise.all(
      (await yamlFiles(COMPAT_DIR)).map(async (file) => ({
        file: path.relative(process.cwd(), file),
        text: await readFile(file, 'utf8'),
      })),
    );
    if (files.length === 0) throw new Error(`no YAML files under ${COMPAT_DIR}`);
    const failing = files.filter(({ text, file }) => !loadSuite(text, file).ok).map(({ file }) => file);
    let assertions = 0;
    const measured = runSync(
      (i) => {
        const { text, file } = files[i % files.length]!;
        const loaded = loadSuite(text, file);
        if (loaded.ok) assertions += loaded.suite.assertions.length;
      },
      { durationMs: context.durationMs, recordLatency: true },
    );
    const bytes = files.reduce((sum, { text }) => sum + text.length, 0);
    const note =
      `${files.length} files, ${bytes.toLocaleString('en-US')} characters` +
      (failing.length > 0 ? `; ${failing.length} do not load (${failing.join(', ')}), timed all the same` : '');
    void assertions;
    return [
      {
        benchmark: 'suite-loading',
        case: `${files.length} compat files`,
        rate: rate(measured.ops, measured.elapsedMs),
        unit: 'files',
        ops: measured.ops,
        latency: percentiles(measured.latencies ?? []),
        rss: measured.rss,
        note,
      },
    ];
  },
};
