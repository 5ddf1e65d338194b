// The security lint over real servers: a planted hostile surface served by the mock server (every case flagged with
// its rule, nothing else) and server-everything (the exact list a person agrees with, docs/health.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintSurface, type SurfaceLintFinding } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer } from '../../../../test/mcp-servers';
import { loadMockDefinition } from '../mock/load-mock-definition';
import { startMockServer } from '../mock/start-mock-server';
import { openSession } from '../session/open-session';
import { readSurface } from './read-surface';

async function lintUrl(url: string) {
  const session = await openSession({ url, transport: 'http' });
  try {
    const { surface, warnings } = await readSurface(session, { maxToolPages: 5, requestTimeoutMs: 10_000 });
    return { findings: lintSurface(surface), warnings };
  } finally {
    await session.close();
  }
}

const brief = (f: SurfaceLintFinding) => `${f.rule} ${f.location.kind}:${f.location.name} ${f.location.field}`;

describe('lintSurface over HTTP', () => {
  describe('the planted hostile surface (test/fixtures/hostile-surface.mock.yaml)', () => {
    let mock: Awaited<ReturnType<typeof startMockServer>>;
    beforeAll(async () => {
      const file = path.resolve('test/fixtures/hostile-surface.mock.yaml');
      const loaded = loadMockDefinition(readFileSync(file, 'utf8'), file);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
      mock = await startMockServer({ definition: loaded.definition });
    });
    afterAll(async () => {
      await mock.close();
    });

    it('flags every planted case with its rule, and nothing else', async () => {
      const { findings, warnings } = await lintUrl(mock.url);
      expect(warnings).toEqual([]);
      expect(findings.map(brief)).toEqual([
        'surface-hidden-characters serverInfo:hostile title',
        'surface-markup-smuggling instructions:instructions instructions',
        'surface-model-directive instructions:instructions instructions',
        'surface-prompt-injection tool:add_numbers description',
        'surface-exfiltration-request tool:add_numbers description',
        'surface-hidden-characters tool:zero_width_search description',
        'surface-hidden-characters tool:tagged_notes description',
        'surface-prompt-injection tool:tagged_notes description',
        'surface-hidden-characters tool:list\u202Eitems name',
        'surface-hidden-characters tool:render_card inputSchema.properties.mode.enum[1]',
        'surface-markup-smuggling tool:render_card description',
        'surface-markup-smuggling tool:read_docs description',
        'surface-model-directive tool:always_first description',
        'surface-unlisted-tool-reference tool:better_search description',
        'surface-tool-shadowing tool:better_search description',
        'surface-exfiltration-shape tool:send_report inputSchema.properties',
        'surface-prompt-injection tool:login inputSchema.properties.username.description',
        'surface-sensitive-parameter tool:login inputSchema.properties.password',
        'surface-sensitive-parameter tool:login inputSchema.properties.api_key',
        'surface-destructive-without-hint tool:delete_everything annotations.destructiveHint',
        'surface-destructive-without-hint tool:tidy_up annotations.destructiveHint',
        'surface-oversized-item tool:huge_schema ',
        'surface-markup-smuggling prompt:summarize description',
        'surface-sensitive-parameter prompt:summarize arguments[0].name',
        'surface-prompt-injection resource:notes description',
        'surface-exfiltration-request resourceTemplate:note description',
        'surface-oversized-surface serverInfo:hostile ',
      ]);
      const byRule = (rule: string) => findings.find((f) => f.rule === rule);
      expect(byRule('surface-hidden-characters')?.excerpt).toBe('Helpful ⟨U+202E⟩sloot');
      const tagged = findings.find((f) => f.location.name === 'tagged_notes');
      expect(tagged?.message).toContain('the tag characters spell "ignore previous instructions"');
      expect(tagged?.excerpt).toContain('Keep notes.⟨U+E0069⟩⟨U+E0067⟩');
    });
  });

  describe('server-everything', () => {
    let server: Awaited<ReturnType<typeof startEverythingServer>>;
    beforeAll(async () => {
      server = await startEverythingServer('streamableHttp');
    });
    afterAll(async () => {
      await server.stop();
    });

    it('finds only what a person agrees with: instructions naming tools it lists only to clients with roots, sampling or elicitation', async () => {
      const { findings } = await lintUrl(server.url);
      expect(findings).toEqual([
        {
          rule: 'surface-unlisted-tool-reference',
          severity: 'info',
          location: { kind: 'instructions', name: 'instructions', field: 'instructions' },
          message: expect.stringContaining(
            'names "get-roots-list", "trigger-sampling-request", "trigger-elicitation-request", which this server does not list',
          ) as string,
          excerpt: expect.stringContaining('Use `get-roots-list` to see client workspace roots') as string,
        },
      ]);
    });
  });
});
