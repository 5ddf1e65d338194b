// Run counts and the seed of the property tests under test/fuzz and the *.fuzz.test.ts files (docs/development.md,
// "Fuzzing"). npm test runs each property a modest number of times with a fixed seed, so a failure reproduces; a long
// local run raises FUZZ_RUNS (and may vary FUZZ_SEED).
import { loadEnv } from '@mcptest/core';
import type fc from 'fast-check';
import { vi } from 'vitest';
import { z } from 'zod';

const FuzzEnv = z.object({
  /** Runs of every property, replacing each property's default (e.g. FUZZ_RUNS=5000 for a long local run). */
  FUZZ_RUNS: z.coerce.number().int().min(1).optional(),
  /** The seed of every property; fixed by default so that npm test is reproducible. */
  FUZZ_SEED: z.coerce.number().int().default(20_260_901),
});

const fuzzEnv = loadEnv(FuzzEnv, process.env);

/** The seed in use (fast-check prints it, with the path to the counterexample, when a property fails). */
export const FUZZ_SEED = fuzzEnv.FUZZ_SEED;

/** Whether FUZZ_RUNS asks for a long run (tests that size their inputs by the run count read this). */
export const LONG_FUZZ_RUN = fuzzEnv.FUZZ_RUNS !== undefined;

/** Per-test timeout of a fuzz test: room for the default runs on a loaded machine, or an hour for a long run. */
export const FUZZ_TEST_TIMEOUT_MS = LONG_FUZZ_RUN ? 3_600_000 : 120_000;

/**
 * Parameters of one property: `defaultRuns` in npm test (sized so that the whole fuzz set stays within its time
 * budget), FUZZ_RUNS when set. The fixed seed makes a failure in CI replay locally with the same numbers.
 */
export function fuzzRuns<T>(defaultRuns: number): fc.Parameters<T> {
  return { numRuns: fuzzEnv.FUZZ_RUNS ?? defaultRuns, seed: FUZZ_SEED };
}

/** What a fuzzed handler answered: the status, its content type, the raw text and the JSON if the text parses. */
export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
}

/** Reads a handler's Response once into a {@link FuzzAnswer} (json undefined for an empty or non-JSON body). */
export async function readFuzzAnswer(response: Response): Promise<FuzzAnswer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
}

/**
 * For a fuzzer driving API handlers: hundreds of requests a minute, so the rate limits and the queued-run quota are
 * lifted, and no request waits for a run. Call in `beforeAll`, before the handlers read their env.
 */
export function liftApiLimitsForFuzzing(): void {
  vi.stubEnv('API_RATE_LIMIT_PER_TOKEN', '1000000');
  vi.stubEnv('API_RATE_LIMIT_PER_TENANT', '1000000');
  vi.stubEnv('API_TRIGGERS_PER_TENANT_PER_MINUTE', '1000000');
  vi.stubEnv('API_MAX_WAIT_SECONDS', '0');
  vi.stubEnv('MCPTEST_PLAN_LIMITS', JSON.stringify({ FREE: { maxQueuedRuns: 1_000_000 } }));
}
