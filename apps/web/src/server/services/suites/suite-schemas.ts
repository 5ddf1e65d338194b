import { z } from 'zod';

// Messages a person can act on: zod's defaults ("Too small: expected string to have >=1 characters") reach the form.
const Name = z.string().trim().min(1, 'give the suite a name').max(200, 'at most 200 characters');
/** The YAML source; the loader validates it (errors carry line and column). */
const Yaml = z
  .string()
  .min(1, 'the suite is empty: start with `assertions:` and one item')
  .max(512 * 1024, 'the suite is larger than 512 KiB');
/** Cron of 5 fields (or 6 with seconds, where the plan allows); null removes the schedule. */
const Schedule = z.string().trim().min(1).max(200).nullable();
const Timezone = z.string().trim().min(1).max(64);

export const CreateSuiteRequest = z.strictObject({
  name: Name,
  serverId: z.string().min(1),
  yaml: Yaml,
  schedule: Schedule.optional(),
  timezone: Timezone.optional(),
  enabled: z.boolean().optional(),
  scheduleEnabled: z.boolean().optional(),
});
export type CreateSuiteRequest = z.infer<typeof CreateSuiteRequest>;

export const UpdateSuiteRequest = z.strictObject({
  /**
   * The version this edit was made on. When given and the suite has moved on, the update is refused with 409 instead
   * of overwriting someone else's save (the editor always sends it; API clients may).
   */
  baseVersion: z.int().min(1).optional(),
  name: Name.optional(),
  serverId: z.string().min(1).optional(),
  yaml: Yaml.optional(),
  schedule: Schedule.optional(),
  timezone: Timezone.optional(),
  /** The whole suite: false stops on-demand, CI and scheduled runs and takes it off the project badge. */
  enabled: z.boolean().optional(),
  /** The schedule alone: false pauses scheduled runs (the cron is kept); the suite still runs when triggered. */
  scheduleEnabled: z.boolean().optional(),
});
export type UpdateSuiteRequest = z.infer<typeof UpdateSuiteRequest>;

export const SuiteResource = z.object({
  id: z.string(),
  projectId: z.string(),
  serverId: z.string(),
  name: z.string(),
  version: z.int(),
  yaml: z.string(),
  schedule: z.string().nullable(),
  timezone: z.string(),
  enabled: z.boolean(),
  /** Whether the schedule fires (false: paused, the cron kept). */
  scheduleEnabled: z.boolean(),
  /** The next firings of the schedule (UTC), for people checking their cron. */
  nextRuns: z.array(z.string()),
  /** The public badge and the public status page it links to (docs/badges.md), all addressed by the badge key. */
  badge: z.object({ svgUrl: z.string(), jsonUrl: z.string(), statusUrl: z.string() }),
  /** Whether an inbound trigger URL exists (the URL itself is shown once, when created). */
  triggerUrl: z.object({ enabled: z.boolean(), githubSecret: z.boolean() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SuiteResource = z.infer<typeof SuiteResource>;

export const SuiteVersionResource = z.object({
  version: z.int(),
  yaml: z.string(),
  createdAt: z.iso.datetime(),
  createdById: z.string().nullable(),
});

export const CreateTriggerUrlRequest = z.strictObject({
  /** A secret GitHub signs its deliveries with (X-Hub-Signature-256); optional. */
  githubSecret: z.string().min(8).max(200).optional(),
});
export type CreateTriggerUrlRequest = z.infer<typeof CreateTriggerUrlRequest>;

export const TriggerUrlResource = z.object({
  url: z.string(),
  /** Shown once; a new one replaces it. */
  token: z.string(),
  githubSecret: z.boolean(),
});
