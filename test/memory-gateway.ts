// Test helper: @modelcontextprotocol/server-memory (a stdio-only server) served over Streamable HTTP by supergateway,
// so the unmodified memory corpus can run through `mcptest run --url`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { canConnect, freePort, stopChild } from './mcp-servers';

export interface MemoryGateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts supergateway in stateful mode (one server-memory process per MCP session, like mcp-assert's one server per
 * assertion) on a free port. The knowledge graph is kept in `memoryFile` (the processes inherit MEMORY_FILE_PATH),
 * never in server-memory's default file inside node_modules.
 */
export async function startMemoryGateway(memoryFile: string): Promise<MemoryGateway> {
  const port = await freePort();
  const child = spawn(
    path.resolve('node_modules/.bin/supergateway'),
    [
      '--stdio',
      // supergateway runs this through a shell, which sets the variable for each server process it starts.
      `MEMORY_FILE_PATH=${JSON.stringify(memoryFile)} ${JSON.stringify(path.resolve('node_modules/.bin/mcp-server-memory'))}`,
      '--outputTransport',
      'streamableHttp',
      '--stateful',
      '--port',
      String(port),
      '--logLevel',
      'none',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 20_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`supergateway did not listen on ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () => stopChild(child),
  };
}
