// Preloaded into the benchmarks' worker process (`node --expose-gc --import tsx --import <this>`): answers the
// parent's questions over IPC. "memory": the process's memory after a full garbage collection, so memory per run
// counts what the runs keep alive, not garbage not collected yet. "cpu": the CPU time the process has used, which
// (unlike wall time) a loaded machine does not inflate much. Nothing else in the worker changes.
interface ProbeRequest {
  type: 'memory' | 'cpu';
  id: number;
}

process.on('message', (message: ProbeRequest) => {
  if (message?.type === 'memory') {
    const gc = (globalThis as { gc?: () => void }).gc;
    // Twice: the first pass may only queue finalizers whose objects the second one frees.
    gc?.();
    gc?.();
    process.send?.({ type: 'memory', id: message.id, collected: gc !== undefined, ...process.memoryUsage() });
  } else if (message?.type === 'cpu') {
    process.send?.({ type: 'cpu', id: message.id, ...process.cpuUsage() });
  }
});
// The IPC channel must not keep the worker alive after its own shutdown.
process.channel?.unref();
