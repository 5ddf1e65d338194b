import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SnapshotStore } from '@mcptest/mcp';
import { isRecord } from '@mcptest/core';

/** Version of the snapshot file format; a newer file is refused rather than overwritten. */
const SNAPSHOT_FILE_VERSION = 1;

/** A `SnapshotStore` backed by one JSON file, written only by `flush()` and only when something changed. */
export interface FileSnapshotStore extends SnapshotStore {
  readonly file: string;
  /** Writes the file if `set` changed anything; returns whether it wrote. */
  flush(): Promise<boolean>;
}

/**
 * Where a suite's snapshots live: `__snapshots__/<suite file name>.snap.json` beside the suite, like Jest, so they
 * are reviewed and committed with the suite. (mcp-assert keeps one `.snapshots.json` per directory in its own format;
 * a different name keeps the two tools from overwriting each other's files.)
 */
export function snapshotFileFor(suiteFile: string): string {
  return path.join(path.dirname(suiteFile), '__snapshots__', `${path.basename(suiteFile)}.snap.json`);
}

/**
 * Opens (lazily) the snapshot file of a suite. A missing file is an empty store; an unreadable or malformed one makes
 * `get` reject with a message naming the file, so the assertion fails instead of silently re-recording.
 *
 * `keyPrefix` is cut from the start of keys before they are stored: the executor's keys are `<suite path>#<name>`, and
 * the path as typed (relative or absolute, from whichever directory) must not decide whether a snapshot is found.
 */
export function createFileSnapshotStore(file: string, keyPrefix = ''): FileSnapshotStore {
  const local = (key: string) => (keyPrefix !== '' && key.startsWith(keyPrefix) ? key.slice(keyPrefix.length) : key);
  let loaded: Promise<Map<string, unknown>> | undefined;
  let dirty = false;

  const load = (): Promise<Map<string, unknown>> => {
    loaded ??= (async () => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return new Map<string, unknown>();
        throw new Error(
          `cannot read snapshot file ${file}: ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`snapshot file ${file} is not valid JSON; fix it or delete it and run with --update-snapshots`);
      }
      if (!isRecord(json) || !isRecord(json.snapshots) || typeof json.version !== 'number') {
        throw new Error(`snapshot file ${file} is not an mcptest snapshot file ({"version":1,"snapshots":{...}})`);
      }
      if (json.version > SNAPSHOT_FILE_VERSION) {
        throw new Error(`snapshot file ${file} has version ${json.version}, newer than this mcptest reads`);
      }
      return new Map(Object.entries(json.snapshots));
    })();
    return loaded;
  };

  return {
    file,
    async get(key) {
      return (await load()).get(local(key));
    },
    async set(key, value) {
      const snapshots = await load();
      if (JSON.stringify(snapshots.get(local(key))) === JSON.stringify(value)) return;
      snapshots.set(local(key), value);
      dirty = true;
    },
    async flush() {
      if (!dirty || !loaded) return false;
      const snapshots = await loaded;
      const sorted = Object.fromEntries([...snapshots].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      const text = `${JSON.stringify({ version: SNAPSHOT_FILE_VERSION, snapshots: sorted }, null, 2)}\n`;
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so an interrupted run never leaves half a file that would fail every later run.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, file);
      dirty = false;
      return true;
    },
  };
}
