import { LatencyQuery } from '@/server/services/latency/latency-schemas';

/** `?runs=` of a Latency tab: the API's own query schema; a value it refuses is ignored (the default window). */
export function parseLatencyRuns(searchParams: Record<string, string | string[] | undefined>): LatencyQuery {
  const parsed = LatencyQuery.safeParse({
    runs: typeof searchParams.runs === 'string' ? searchParams.runs : undefined,
  });
  return parsed.success ? parsed.data : {};
}
