-- AlterTable
ALTER TABLE "Tenant" ADD COLUMN     "transcriptBytes" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "AssertionResult" ADD COLUMN     "transcriptBytes" INTEGER NOT NULL DEFAULT 0;


-- Results written before this migration count too.
UPDATE "AssertionResult" SET "transcriptBytes" = octet_length("transcript"::text) WHERE "transcript" IS NOT NULL;
UPDATE "Tenant" t SET "transcriptBytes" = s.total
FROM (SELECT "tenantId", SUM("transcriptBytes") AS total FROM "AssertionResult" GROUP BY "tenantId") s
WHERE s."tenantId" = t."id";

-- Tenant."transcriptBytes" is the sum of its results' "transcriptBytes", kept by Postgres on every insert, update and
-- delete (cascades from deleting a suite, project or run included), so the quota check never drifts from what is
-- stored whatever path wrote or removed the rows.
CREATE FUNCTION "mcptest_count_transcript_bytes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."transcriptBytes" <> 0 THEN
    UPDATE "Tenant" SET "transcriptBytes" = "transcriptBytes" - OLD."transcriptBytes" WHERE "id" = OLD."tenantId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."transcriptBytes" <> 0 THEN
    UPDATE "Tenant" SET "transcriptBytes" = "transcriptBytes" + NEW."transcriptBytes" WHERE "id" = NEW."tenantId";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "AssertionResult_transcript_bytes"
AFTER INSERT OR DELETE OR UPDATE OF "transcriptBytes", "tenantId" ON "AssertionResult"
FOR EACH ROW EXECUTE FUNCTION "mcptest_count_transcript_bytes"();
