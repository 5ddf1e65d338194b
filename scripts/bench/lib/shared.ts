// Resources several benchmarks share within one `npm run bench` (a worker process takes seconds to start, which the
// quick mode cannot pay four times): opened by the first benchmark that asks, closed by index.ts after the last one.

interface Closable {
  close(): Promise<void>;
}

const opened = new Map<string, Promise<Closable>>();

/** The resource under `key`, opened with `open` on first use. A failed open is forgotten, so the next caller retries. */
export function shared<T extends Closable>(key: string, open: () => Promise<T>): Promise<T> {
  let entry = opened.get(key);
  if (!entry) {
    entry = open();
    opened.set(key, entry);
    entry.catch(() => opened.delete(key));
  }
  return entry as Promise<T>;
}

/** Closes every shared resource, the last opened first; errors are reported, not thrown. */
export async function closeShared(log: (line: string) => void): Promise<void> {
  const entries = [...opened.entries()].reverse();
  opened.clear();
  for (const [key, entry] of entries) {
    try {
      await (await entry).close();
    } catch (error) {
      log(`bench: closing ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
