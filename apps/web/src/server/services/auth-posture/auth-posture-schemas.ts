import { ConformanceRevision, RunStatus } from '@mcptest/core';
import { z } from 'zod';
import { TriggerRunRequest } from '@/server/services/runs/run-schemas';

/** One finding of the latest posture run: the catalog's entry (packages/core/src/auth-posture) and its verdict. */
export const AuthPostureFindingResource = z.object({
  /** The catalog id (`garbage-token-refused`); the run's result is named `auth_posture <id>`. */
  id: z.string(),
  title: z.string(),
  /** How bad a FAIL is: what an attacker gains. */
  severity: z.enum(['critical', 'high', 'medium', 'low']),
  /** One line: why it matters. */
  rationale: z.string(),
  specRefs: z.array(z.object({ label: z.string(), url: z.string() })),
  /** WARN: refused, but not as the spec says (a SHOULD; the run's result is a PASS). */
  status: z.enum(['PASS', 'FAIL', 'WARN', 'SKIPPED']),
  /** What was seen, or why it was skipped. */
  message: z.string().optional(),
});
export type AuthPostureFindingResource = z.infer<typeof AuthPostureFindingResource>;

const RunRef = z.object({ id: z.string(), status: RunStatus, url: z.string() });

/** `GET /servers/{id}/auth-posture`: the latest finished run of the server's "Auth posture" suite, as findings. */
export const ServerAuthPosture = z.object({
  serverId: z.string(),
  /** The server's suite named `Auth posture`; null before the first "Run auth-posture check". */
  suiteId: z.string().nullable(),
  /** Its latest finished run (passed, failed, error or cancelled); null when none has finished. */
  run: RunRef.extend({ finishedAt: z.iso.datetime().nullable() }).nullable(),
  /** A run of it that is queued or running, newer than `run`: the findings will change when it ends. */
  inProgress: RunRef.nullable(),
  /** No finding FAILed; null without a finished run or when it judged none. */
  ok: z.boolean().nullable(),
  counts: z.object({ PASS: z.int(), FAIL: z.int(), WARN: z.int(), SKIPPED: z.int() }),
  /** In catalog order. Empty when the run ended before judging any (see the run's error). */
  findings: z.array(AuthPostureFindingResource),
});
export type ServerAuthPosture = z.infer<typeof ServerAuthPosture>;

/** `POST /servers/{id}/auth-posture`: which request carries the tokens, and how long to wait for the verdict. */
export const RunAuthPostureRequest = z.strictObject({
  /**
   * Only used when the suite is created: its `auth_posture:` block's revision (the request that carries each token).
   * The current revision unless named. An existing suite runs as written.
   */
  revision: ConformanceRevision.default('2026-07-28'),
  wait: TriggerRunRequest.shape.wait,
});
export type RunAuthPostureRequest = z.infer<typeof RunAuthPostureRequest>;

/** What a posture trigger answers while the run is queued or running (the trigger's 202, plus the suite). */
export const RunAuthPostureAccepted = z.object({
  id: z.string(),
  status: RunStatus,
  url: z.string(),
  suiteId: z.string(),
  /** True when this request created the server's `Auth posture` suite. */
  suiteCreated: z.boolean(),
});
