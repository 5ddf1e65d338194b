import { ServerSurface } from '@mcptest/core';
import type { McpSession } from '../session';

export interface ReadSurfaceOptions {
  /** tools/list pages read; a server with more is recorded `toolsTruncated`. */
  maxToolPages: number;
  /** Time allowed for each list request. */
  requestTimeoutMs: number;
  /** Ends every request still running (the caller's overall deadline). */
  signal?: AbortSignal;
  /** A tools/list the caller already has for this session (a run's first listing), so it is not asked again. */
  tools?: { tools: readonly unknown[]; truncated: boolean };
}

export interface ReadSurfaceResult {
  surface: ServerSurface;
  /** Lists that could not be read (resources, templates, prompts): notes, not failures. */
  warnings: string[];
}

/** The server's answers are untrusted: a list that is not valid MCP is this error, naming the first bad field. */
export class SurfaceInvalidError extends Error {
  constructor(readonly issue: string) {
    super(`the server's lists are not valid MCP (${issue})`);
    this.name = 'SurfaceInvalidError';
  }
}

/**
 * How deep a recorded surface may nest (objects and arrays). Real tool schemas stay far below it; past it the surface is
 * refused, because what reads a surface later (the canonical JSON, `diffSurface`'s microdiff) recurses once per level
 * on the worker, outside the check pool, and a hostile server must not be able to overflow that stack.
 */
export const MAX_SURFACE_DEPTH = 100;

/** The deepest nesting of objects and arrays in `value`, counted without recursion and stopping past `limit`. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one reader of a server's whole surface (docs/health.md): tools (all pages up to `maxToolPages`), and resources,
 * resource templates and prompts when the server declares them (one page each; a failure is a warning), with the
 * session's server info, negotiated version and instructions. Discovery, runs, `mcptest lint --url` and monitors read
 * it here, so what they hash and compare is built the same way. A tools/list failure throws (the session's error);
 * lists that are not valid MCP throw `SurfaceInvalidError`. What is returned went through JSON, so it is exactly what
 * a database would give back.
 */
export async function readSurface(session: McpSession, options: ReadSurfaceOptions): Promise<ReadSurfaceResult> {
  const warnings: string[] = [];
  const request = { timeoutMs: options.requestTimeoutMs, ...(options.signal ? { signal: options.signal } : {}) };
  const listed = options.tools ?? (await session.listAllTools({ maxPages: options.maxToolPages }, request));
  if (listed.truncated) warnings.push(`tools/list has more than ${options.maxToolPages} pages; the rest were not read`);
  const caps = session.serverCapabilities;
  const attempt = async <T>(what: string, declared: boolean, list: () => Promise<T[]>): Promise<T[]> => {
    if (!declared) return [];
    try {
      return await list();
    } catch (error) {
      // Session errors usually name the method already.
      const message = describeError(error);
      warnings.push(message.startsWith(what) ? message : `${what} failed: ${message}`);
      return [];
    }
  };
  const resources = await attempt('resources/list', caps.resources !== undefined, async () => {
    const page = await session.listResources({}, request);
    if (page.nextCursor !== undefined) warnings.push('resources/list has more pages; only the first was read');
    return page.resources;
  });
  const resourceTemplates = await attempt('resources/templates/list', caps.resources !== undefined, async () => {
    const page = await session.listResourceTemplates({}, request);
    return page.resourceTemplates;
  });
  const prompts = await attempt('prompts/list', caps.prompts !== undefined, async () => {
    const page = await session.listPrompts({}, request);
    if (page.nextCursor !== undefined) warnings.push('prompts/list has more pages; only the first was read');
    return page.prompts;
  });
  const raw = {
    format: 1,
    serverInfo: session.serverInfo,
    protocolVersion: session.protocolVersion,
    instructions: session.instructions ?? null,
    tools: listed.tools,
    toolsTruncated: listed.truncated,
    resources,
    resourceTemplates,
    prompts,
  };
  if (nestingDepth(raw, MAX_SURFACE_DEPTH) > MAX_SURFACE_DEPTH) {
    throw new SurfaceInvalidError(`nested deeper than ${MAX_SURFACE_DEPTH} levels`);
  }
  const parsed = ServerSurface.safeParse(JSON.parse(JSON.stringify(raw)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SurfaceInvalidError(`${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { surface: parsed.data, warnings };
}
