import { type McpSession, openSession, type SessionClientCapabilities, type SessionFetch } from '../session';

/** Where and how to connect for one assertion, resolved from the override or its server block (see connectionSpec). */
export type ConnectionSpec =
  | {
      transport: 'auto' | 'http' | 'sse';
      url: string;
      headers: Record<string, string>;
      mocks: SessionClientCapabilities;
    }
  | {
      transport: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      mocks: SessionClientCapabilities;
    };

export interface OpenExecutorSessionOptions {
  timeoutMs: number;
  allowStdio: boolean;
  fetch?: SessionFetch;
}

/** Opens the session an assertion runs on; rejects with SessionError (describeSessionError words it). */
export function openExecutorSession(spec: ConnectionSpec, options: OpenExecutorSessionOptions): Promise<McpSession> {
  const common = {
    capabilities: spec.mocks,
    connectTimeoutMs: options.timeoutMs,
    allowStdio: options.allowStdio,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  if (spec.transport === 'stdio') {
    return openSession({ ...common, transport: 'stdio', command: spec.command, args: spec.args, env: spec.env });
  }
  return openSession({ ...common, transport: spec.transport, url: spec.url, headers: spec.headers });
}
