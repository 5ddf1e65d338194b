import type { ProtocolChoice, ToolDescriptor } from '@mcptest/core';
import { openSession, type SessionFetch } from '../session';
import type { AuditSession, AuditTransport } from './audit-types';

export interface OpenAuditSessionOptions {
  url: string;
  transport: AuditTransport;
  headers?: Record<string, string>;
  fetch?: SessionFetch;
  /** The protocol era or revision (docs/protocol.md); default `auto`. */
  protocol?: ProtocolChoice;
  /** Connect deadline and default request timeout. */
  timeoutMs: number;
}

/** Opens an MCP session (packages/mcp/src/session) and narrows it to what the audit uses. */
export async function openAuditSession(options: OpenAuditSessionOptions): Promise<AuditSession> {
  const session = await openSession({
    transport: options.transport,
    url: options.url,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    clientInfo: { name: 'mcptest-audit', version: '0.1.0' },
    connectTimeoutMs: options.timeoutMs,
    requestTimeoutMs: options.timeoutMs,
  });
  const transport = session.transport === 'stdio' ? undefined : session.transport;
  return {
    server: {
      name: session.serverInfo.name,
      version: session.serverInfo.version,
      protocolVersion: session.protocolVersion,
      ...(transport === undefined ? {} : { transport }),
    },
    async listTools({ timeoutMs }) {
      const { tools } = await session.listAllTools({}, { timeoutMs });
      // Descriptors are passed on as the server sent them; the lints judge malformed fields.
      return tools as unknown as ToolDescriptor[];
    },
    async callTool(name, args, { timeoutMs, task }) {
      const { result } = await session.callTool(name, args, { timeoutMs, ...(task === true ? { task } : {}) });
      return result;
    },
    close: () => session.close(),
  };
}
