import { z } from 'zod';
import { ToolDescriptor } from '../policy/tool-descriptor';
import { canonicalJson } from '../util/canonical-json';

/**
 * Everything a server tells a client about itself before any tool is called: what an agent reads and what a test
 * depends on (docs/health.md). It is recorded by every discovery, run and monitor check, hashed
 * (`canonicalSurfaceJson`, hashed with SHA-256 at the edge: `hashSurface` in packages/mcp) and diffed between
 * recordings (`diffSurface`); the security lint reads it (`lintSurface`). Lists are kept as the server sent them
 * (unknown fields included), so a change in any field counts.
 */
export const ServerSurface = z.object({
  format: z.literal(1),
  serverInfo: z.looseObject({ name: z.string(), version: z.string() }),
  /** The protocol version the session negotiated. */
  protocolVersion: z.string(),
  /** initialize's (or server/discover's) `instructions`, null when the server sent none. */
  instructions: z.string().nullable(),
  tools: z.array(ToolDescriptor),
  /** True when tools/list had more pages than were read: the rest of the surface is unknown. */
  toolsTruncated: z.boolean(),
  resources: z.array(z.looseObject({ uri: z.string() })),
  resourceTemplates: z.array(z.looseObject({ uriTemplate: z.string() })),
  prompts: z.array(z.looseObject({ name: z.string() })),
});
export type ServerSurface = z.infer<typeof ServerSurface>;

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };

/**
 * The surface in one canonical form: lists sorted by name (tools, prompts), uri (resources) or uriTemplate, object
 * keys sorted, so two recordings of an unchanged server give the same string whatever order the server listed things
 * in. Its SHA-256 is the surface hash.
 */
export function canonicalSurfaceJson(surface: ServerSurface): string {
  return canonicalJson({
    format: surface.format,
    serverInfo: surface.serverInfo,
    protocolVersion: surface.protocolVersion,
    instructions: surface.instructions,
    tools: [...surface.tools].sort(byKey((t) => t.name)),
    toolsTruncated: surface.toolsTruncated,
    resources: [...surface.resources].sort(byKey((r) => r.uri)),
    resourceTemplates: [...surface.resourceTemplates].sort(byKey((r) => r.uriTemplate)),
    prompts: [...surface.prompts].sort(byKey((p) => p.name)),
  });
}
