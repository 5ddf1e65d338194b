// Seeding for the server and project service tests: projects, and mock MCP servers on loopback (their deps come from
// ../test-service-deps.ts).
import { createTenant, type Database } from '@mcptest/db';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { afterAll, beforeAll } from 'vitest';
import type { Actor } from '@/server/services/service-deps';

let counter = 0;

/** A new tenant with one project; the actor is the tenant itself (as an admin token would be). */
export async function seedProject(db: Database): Promise<{ actor: Actor; projectId: string }> {
  counter += 1;
  const created = await createTenant(db, {
    name: `Servers ${counter}`,
    ownerEmail: `servers${counter}-${Date.now()}@example.test`,
  });
  const tenantId = created.tenant.id;
  const project = await db
    .tenant(tenantId)
    .project.create({ data: { tenantId, name: `project ${counter}`, slug: `project-${counter}` } });
  return { actor: { tenantId }, projectId: project.id };
}

/** Serves a mock MCP server definition (YAML) for the calling test file; read `url` inside tests. */
export function useMockServer(yaml: string): { readonly url: string } {
  let handle: MockServerHandle | undefined;
  beforeAll(async () => {
    const loaded = loadMockDefinition(yaml, 'mock.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    handle = await startMockServer({ definition: loaded.definition });
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get url() {
      if (!handle) throw new Error('the mock server is not started yet (use it inside tests)');
      return handle.url;
    },
  };
}
