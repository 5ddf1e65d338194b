import type { ProtocolChoice } from '@mcptest/core';
import {
  type McpSession,
  openSession,
  type ServerDiscovery,
  type SessionClientCapabilities,
  type SessionFetch,
} from '../session';

/** Where and how to connect for one assertion, resolved from the override or its server block (see connectionSpec). */
export type ConnectionSpec =
  | {
      transport: 'auto' | 'http' | 'sse';
      url: string;
      headers: Record<string, string>;
      mocks: SessionClientCapabilities;
      protocol: ProtocolChoice;
    }
  | {
      transport: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      mocks: SessionClientCapabilities;
      protocol: ProtocolChoice;
    };

export interface OpenExecutorSessionOptions {
  timeoutMs: number;
  allowStdio: boolean;
  fetch?: SessionFetch;
  /**
   * The era an earlier session of this run found on the same connection, when the spec says `auto`: later sessions
   * skip the server/discover probe (a 2025 server would otherwise answer it once per assertion).
   */
  knownEra?: 'modern' | 'legacy';
  /**
   * The server/discover result an earlier session of this run received on the same connection (same URL and headers):
   * a modern session adopts it and sends no request of its own, so per-assertion sessions on a stateless server cost
   * what shared ones do (docs/protocol.md, "Costs in the modern era").
   */
  knownDiscovery?: ServerDiscovery;
}

/** Opens the session an assertion runs on; rejects with SessionError (describeSessionError words it). */
export function openExecutorSession(spec: ConnectionSpec, options: OpenExecutorSessionOptions): Promise<McpSession> {
  const protocol = spec.protocol === 'auto' && options.knownEra ? options.knownEra : spec.protocol;
  const common = {
    protocol,
    capabilities: spec.mocks,
    connectTimeoutMs: options.timeoutMs,
    allowStdio: options.allowStdio,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.knownDiscovery === undefined ? {} : { priorDiscovery: options.knownDiscovery }),
  };
  if (spec.transport === 'stdio') {
    return openSession({ ...common, transport: 'stdio', command: spec.command, args: spec.args, env: spec.env });
  }
  return openSession({ ...common, transport: spec.transport, url: spec.url, headers: spec.headers });
}
