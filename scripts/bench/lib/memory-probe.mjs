// Preloaded into the benchmarks' worker and web processes (`node --expose-gc --import <this>`): answers the parent's
// questions over IPC. "memory": the process's memory after a full garbage collection, so memory per run counts what
// the runs keep alive, not garbage not collected yet. "cpu": the CPU time the process has used, which (unlike wall
// time) a loaded machine does not inflate much. Plain JavaScript so that processes started without tsx (`next start`)
// can load it too. Nothing else in the process changes.

process.on('message', (message) => {
  if (message?.type === 'memory') {
    const gc = globalThis.gc;
    // Twice: the first pass may only queue finalizers whose objects the second one frees.
    gc?.();
    gc?.();
    process.send?.({ type: 'memory', id: message.id, collected: gc !== undefined, ...process.memoryUsage() });
  } else if (message?.type === 'cpu') {
    process.send?.({ type: 'cpu', id: message.id, ...process.cpuUsage() });
  }
});
// The IPC channel must not keep the process alive after its own shutdown.
process.channel?.unref();
