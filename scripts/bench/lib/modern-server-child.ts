// The benchmark's modern-era server in a process of its own (as server-everything is), so its work is not counted as
// the client's CPU and does not share the bench process's event loop: test/modern-server.ts in modern-only mode
// (`legacy: 'reject'`, an SDK v2 server on 2026-07-28). Prints its URL as one JSON line, then serves until killed.
import { startModernServer } from '../../../test/modern-server';

const server = await startModernServer({ legacy: 'reject' });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
const stop = () => {
  void server.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
