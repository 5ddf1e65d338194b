// A child process for redis-call-budget.test.ts: proves the budget holds across processes, not just within one.
// Usage: node --import tsx race-acquirer.ts <redisUrl> <prefix> <tenantId> <runId> <maxCalls> <attempts> <barrierKey>
// Announces itself with INCR <barrierKey>:ready, blocks until the test pushes a token to <barrierKey>:go, then fires
// all attempts at once and prints {"acquired":n,"refused":[{limit,scope},...]} on stdout.
import { createRedis } from '../redis';
import { createRedisCallBudget } from './redis-call-budget';

const [redisUrl, prefix, tenantId, runId, maxCalls, attempts, barrierKey] = process.argv.slice(2);
if (!redisUrl || !prefix || !tenantId || !runId || !maxCalls || !attempts || !barrierKey) {
  process.stderr.write(
    'usage: race-acquirer <redisUrl> <prefix> <tenantId> <runId> <maxCalls> <attempts> <barrierKey>\n',
  );
  process.exit(2);
}

const redis = createRedis({ url: redisUrl, name: 'mcptest-race-acquirer' });
try {
  const budget = createRedisCallBudget({ redis, prefix, tenantId, runId, maxCalls: Number(maxCalls) });
  await redis.incr(`${barrierKey}:ready`);
  const token = await redis.blpop(`${barrierKey}:go`, 20);
  if (!token) throw new Error('no start signal within 20 s');
  const results = await Promise.all(Array.from({ length: Number(attempts) }, () => budget.acquire()));
  const refused = results.flatMap((r) => (r.ok ? [] : [r.exhausted]));
  process.stdout.write(`${JSON.stringify({ acquired: results.length - refused.length, refused })}\n`);
} finally {
  redis.disconnect();
}
