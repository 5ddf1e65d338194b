// The badge benchmark's load generator, a process of its own so it never shares the servers' event loop: runs
// autocannon against each URL in turn and prints one JSON line when a run starts and one with its result.
// Usage: node load-child.mjs '{"connections":10,"runs":[{"url":"http://…","seconds":2}]}'
import autocannon from 'autocannon';

const { connections, runs } = JSON.parse(process.argv[2] ?? '{}');
for (const [index, run] of runs.entries()) {
  // The warm-up is part of the same autocannon run, so connections are open when measuring starts.
  process.stdout.write(`${JSON.stringify({ event: 'start', index })}\n`);
  const result = await autocannon({
    url: run.url,
    connections,
    duration: run.seconds,
    warmup: { connections, duration: 1 },
  });
  process.stdout.write(
    `${JSON.stringify({
      event: 'result',
      index,
      rps: result.requests.average,
      total: result.requests.total,
      all: result.requests.total + (result.warmup?.requests?.total ?? 0),
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors + result.timeouts,
    })}\n`,
  );
}
