-- CreateTable
CREATE TABLE "SuiteDay" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "passedRuns" INTEGER NOT NULL DEFAULT 0,
    "failedRuns" INTEGER NOT NULL DEFAULT 0,
    "errorRuns" INTEGER NOT NULL DEFAULT 0,
    "cancelledRuns" INTEGER NOT NULL DEFAULT 0,
    "assertions" INTEGER NOT NULL DEFAULT 0,
    "passedAssertions" INTEGER NOT NULL DEFAULT 0,
    "failedAssertions" INTEGER NOT NULL DEFAULT 0,
    "durationSumMs" BIGINT NOT NULL DEFAULT 0,
    "durationMaxMs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SuiteDay_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SuiteDay_tenantId_day_idx" ON "SuiteDay"("tenantId", "day");

-- CreateIndex
CREATE UNIQUE INDEX "SuiteDay_suiteId_day_key" ON "SuiteDay"("suiteId", "day");

-- CreateIndex
CREATE INDEX "Run_tenantId_createdAt_idx" ON "Run"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_tenantId_suiteId_finishedAt_idx" ON "Run"("tenantId", "suiteId", "finishedAt");

-- CreateIndex
CREATE INDEX "Run_tenantId_serverId_finishedAt_idx" ON "Run"("tenantId", "serverId", "finishedAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_tenantId_createdAt_idx" ON "WebhookDelivery"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "RunOutbox_tenantId_createdAt_idx" ON "RunOutbox"("tenantId", "createdAt");

-- AddForeignKey
ALTER TABLE "SuiteDay" ADD CONSTRAINT "SuiteDay_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SuiteDay" ADD CONSTRAINT "SuiteDay_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Runs finished before this migration count in the rollups too (one pass over Run; results are not read).
INSERT INTO "SuiteDay" ("id", "tenantId", "suiteId", "day", "runs", "passedRuns", "failedRuns", "errorRuns",
  "cancelledRuns", "assertions", "passedAssertions", "failedAssertions", "durationSumMs", "durationMaxMs")
SELECT gen_random_uuid()::text, "tenantId", "suiteId", ("finishedAt" AT TIME ZONE 'UTC')::date, COUNT(*),
  COUNT(*) FILTER (WHERE "status" = 'PASSED'), COUNT(*) FILTER (WHERE "status" = 'FAILED'),
  COUNT(*) FILTER (WHERE "status" = 'ERROR'), COUNT(*) FILTER (WHERE "status" = 'CANCELLED'),
  -- A cancelled run counts as a run and nothing more (suiteDayIncrement in packages/core says why).
  COALESCE(SUM("total") FILTER (WHERE "status" <> 'CANCELLED'), 0),
  COALESCE(SUM("passed") FILTER (WHERE "status" <> 'CANCELLED'), 0),
  COALESCE(SUM("failed") FILTER (WHERE "status" <> 'CANCELLED'), 0),
  COALESCE(SUM(COALESCE("durationMs", 0)) FILTER (WHERE "status" <> 'CANCELLED'), 0),
  COALESCE(MAX(COALESCE("durationMs", 0)) FILTER (WHERE "status" <> 'CANCELLED'), 0)
FROM "Run" WHERE "finishedAt" IS NOT NULL AND "status" IN ('PASSED', 'FAILED', 'ERROR', 'CANCELLED')
GROUP BY "tenantId", "suiteId", ("finishedAt" AT TIME ZONE 'UTC')::date;

-- Tenant."transcriptBytes" stays the sum of its results' "transcriptBytes", now kept once per statement instead of
-- once per row: the retention job deletes (and nulls the transcripts of) thousands of rows in one statement, and a
-- row trigger would update the tenant's row that many times while holding its lock, blocking the tenant's runs that
-- are writing results. The transition tables give one UPDATE per tenant per statement (a run's cascade included).
DROP TRIGGER "AssertionResult_transcript_bytes" ON "AssertionResult";
DROP FUNCTION "mcptest_count_transcript_bytes"();

-- plpgsql plans each statement when it first runs it, so the branch naming a transition table the firing trigger
-- does not have is never planned.
CREATE FUNCTION "mcptest_count_transcript_bytes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "Tenant" t SET "transcriptBytes" = t."transcriptBytes" + d.delta
    FROM (SELECT "tenantId", SUM("transcriptBytes")::bigint AS delta FROM new_rows
          GROUP BY "tenantId" HAVING SUM("transcriptBytes") <> 0) d
    WHERE t."id" = d."tenantId";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "Tenant" t SET "transcriptBytes" = t."transcriptBytes" + d.delta
    FROM (SELECT "tenantId", SUM(delta)::bigint AS delta FROM (
            SELECT "tenantId", "transcriptBytes"::bigint AS delta FROM new_rows
            UNION ALL
            SELECT "tenantId", -"transcriptBytes"::bigint FROM old_rows) x
          GROUP BY "tenantId" HAVING SUM(delta) <> 0) d
    WHERE t."id" = d."tenantId";
  ELSE
    UPDATE "Tenant" t SET "transcriptBytes" = t."transcriptBytes" - d.delta
    FROM (SELECT "tenantId", SUM("transcriptBytes")::bigint AS delta FROM old_rows
          GROUP BY "tenantId" HAVING SUM("transcriptBytes") <> 0) d
    WHERE t."id" = d."tenantId";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "AssertionResult_transcript_bytes_insert" AFTER INSERT ON "AssertionResult"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mcptest_count_transcript_bytes"();
CREATE TRIGGER "AssertionResult_transcript_bytes_update" AFTER UPDATE ON "AssertionResult"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mcptest_count_transcript_bytes"();
CREATE TRIGGER "AssertionResult_transcript_bytes_delete" AFTER DELETE ON "AssertionResult"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "mcptest_count_transcript_bytes"();

-- The retention job's scan for transcripts to remove (docs/operations.md#data-lifecycle): only rows still holding one
-- are in the index, so the scan never walks past the results already pruned, and each pruned row leaves it. A partial
-- index cannot be declared in schema.prisma; the drift check asks only for the indexes the schema names.
CREATE INDEX "AssertionResult_transcript_tenantId_createdAt_idx" ON "AssertionResult" ("tenantId", "createdAt")
WHERE "transcript" IS NOT NULL;
