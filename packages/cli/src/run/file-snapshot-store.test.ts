import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileSnapshotStore, snapshotFileFor } from './file-snapshot-store';

const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-snap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('file snapshot store', () => {
  it('puts snapshots beside the suite', () => {
    expect(snapshotFileFor('suites/echo.yaml')).toBe(path.join('suites', '__snapshots__', 'echo.yaml.snap.json'));
  });

  it('starts empty, writes only on change, sorted, and reads back', async () => {
    const file = path.join(dir, 'a', '__snapshots__', 's.yaml.snap.json');
    const store = createFileSnapshotStore(file);
    expect(await store.get('k')).toBeUndefined();
    expect(await store.flush()).toBe(false);
    expect(existsSync(file)).toBe(false);
    await store.set('z', { content: [{ type: 'text', text: 'hi' }] });
    await store.set('a', 1);
    expect(await store.flush()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(
      `${JSON.stringify({ version: 1, snapshots: { a: 1, z: { content: [{ type: 'text', text: 'hi' }] } } }, null, 2)}\n`,
    );
    const again = createFileSnapshotStore(file);
    expect(await again.get('a')).toBe(1);
    await again.set('a', 1);
    expect(await again.flush()).toBe(false);
  });

  it('stores keys without the suite path, so relative and absolute runs find the same snapshot', async () => {
    const file = path.join(dir, 'keys.snap.json');
    const relative = createFileSnapshotStore(file, 'suites/s.yaml#');
    await relative.set('suites/s.yaml#echo', 'hi');
    await relative.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, snapshots: { echo: 'hi' } });
    expect(await createFileSnapshotStore(file, '/abs/suites/s.yaml#').get('/abs/suites/s.yaml#echo')).toBe('hi');
  });

  it.each([
    ['{not json', 'is not valid JSON'],
    ['[]', 'is not an mcptest snapshot file'],
    ['{"version":2,"snapshots":{}}', 'has version 2'],
  ])('refuses a bad file %s', async (text, message) => {
    const file = path.join(dir, `bad-${message.length}.json`);
    writeFileSync(file, text);
    await expect(createFileSnapshotStore(file).get('k')).rejects.toThrow(message);
  });
});
