-- The GitHub secret of a suite's trigger URL moves out of "Suite" into its own table with row-level security, so that
-- every table holding a sealed secret ("Server", "Webhook", "SuiteTriggerSecret") has it. "Suite" itself stays without:
-- public badges, trigger URLs and the schedule reconciler look suites up across tenants by design, and RLS there would
-- need an exception for them. The schema part was made with prisma-sql-diff; the copy and the policy are hand-written
-- (Prisma's schema diff does not model policies; keep this migration when generating later ones).

-- CreateTable
CREATE TABLE "SuiteTriggerSecret" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "secretEncrypted" BYTEA NOT NULL,
    "secretKeyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SuiteTriggerSecret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SuiteTriggerSecret_suiteId_key" ON "SuiteTriggerSecret"("suiteId");

-- CreateIndex
CREATE INDEX "SuiteTriggerSecret_tenantId_idx" ON "SuiteTriggerSecret"("tenantId");

-- AddForeignKey
ALTER TABLE "SuiteTriggerSecret" ADD CONSTRAINT "SuiteTriggerSecret_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SuiteTriggerSecret" ADD CONSTRAINT "SuiteTriggerSecret_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing secrets move as they are: they are sealed with the suite-trigger context of their tenant, not bound to the
-- row, so they open from the new table. Copied before the policy exists (no tenant setting is needed to write them);
-- the suite's id (unique, a cuid) serves as the new row's id.
INSERT INTO "SuiteTriggerSecret" ("id", "suiteId", "tenantId", "secretEncrypted", "secretKeyId")
SELECT "id", "id", "tenantId", "triggerSecretEncrypted", "triggerSecretKeyId"
FROM "Suite"
WHERE "triggerSecretEncrypted" IS NOT NULL AND "triggerSecretKeyId" IS NOT NULL;

-- AlterTable
ALTER TABLE "Suite" DROP COLUMN "triggerSecretEncrypted",
DROP COLUMN "triggerSecretKeyId";

-- The same policy as "Server" and "Webhook" (20261121000100_row_level_security).
ALTER TABLE "SuiteTriggerSecret" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "SuiteTriggerSecret" FORCE ROW LEVEL SECURITY;
CREATE POLICY "SuiteTriggerSecret_tenant_isolation" ON "SuiteTriggerSecret"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
