import { canonicalSurfaceJson } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer } from '../../../../test/mcp-servers';
import { openSession } from '../session/open-session';
import { hashSurface } from './hash-surface';
import { MAX_SURFACE_DEPTH, readSurface, SurfaceInvalidError } from './read-surface';
import type { McpSession } from '../session';

let server: Awaited<ReturnType<typeof startEverythingServer>>;
beforeAll(async () => {
  server = await startEverythingServer('streamableHttp');
});
afterAll(async () => {
  await server.stop();
});

async function read() {
  const session = await openSession({ url: server.url, transport: 'http' });
  try {
    return await readSurface(session, { maxToolPages: 5, requestTimeoutMs: 10_000 });
  } finally {
    await session.close();
  }
}

describe('readSurface against server-everything', () => {
  it('reads tools, resources, templates, prompts, server info and instructions; two reads hash the same', async () => {
    const first = await read();
    expect(first.warnings).toEqual([]);
    const { surface } = first;
    expect(surface.tools.map((t) => t.name)).toContain('echo');
    expect(surface.resources.length).toBeGreaterThan(0);
    expect(surface.resourceTemplates.length).toBeGreaterThan(0);
    expect(surface.prompts.length).toBeGreaterThan(0);
    expect(surface.serverInfo.name).toBeTruthy();
    expect(surface.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = await read();
    expect(hashSurface(second.surface)).toBe(hashSurface(surface));
    expect(hashSurface(surface)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes list order away but not a changed description', async () => {
    const { surface } = await read();
    const reordered = { ...surface, tools: [...surface.tools].reverse() };
    expect(canonicalSurfaceJson(reordered)).toBe(canonicalSurfaceJson(surface));
    const [first, ...rest] = surface.tools;
    const changed = { ...surface, tools: [{ ...first!, description: 'rewritten after review' }, ...rest] };
    expect(hashSurface(changed)).not.toBe(hashSurface(surface));
  });
});

describe('readSurface refuses a surface nested past MAX_SURFACE_DEPTH', () => {
  // A narrow seam: the listing is handed in (`tools`), so the session is asked only for what the surface records.
  const session = {
    serverCapabilities: {},
    serverInfo: { name: 'deep', version: '1' },
    protocolVersion: '2025-11-25',
    instructions: undefined,
  } as unknown as McpSession;
  const nested = (levels: number): unknown => {
    let schema: unknown = { type: 'string' };
    for (let i = 0; i < levels; i += 1) schema = { type: 'object', properties: { a: schema } };
    return schema;
  };
  const readWith = (levels: number) =>
    readSurface(session, {
      maxToolPages: 1,
      requestTimeoutMs: 1_000,
      tools: { tools: [{ name: 'deep', inputSchema: nested(levels) }], truncated: false },
    });

  it('reads a deep but ordinary schema', async () => {
    const { surface } = await readWith(20);
    expect(surface.tools.map((t) => t.name)).toEqual(['deep']);
  });

  it('refuses one nested past the bound (what the worker would recurse over), and one deep enough to break the stack', async () => {
    await expect(readWith(MAX_SURFACE_DEPTH)).rejects.toThrow(SurfaceInvalidError);
    await expect(readWith(200_000)).rejects.toThrow(/nested deeper than 100 levels/);
  });
});
