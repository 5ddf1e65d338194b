-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "badgeKey" TEXT;

-- AlterTable
ALTER TABLE "Suite" ADD COLUMN     "triggerSecretEncrypted" BYTEA,
ADD COLUMN     "triggerSecretKeyId" TEXT;

-- AlterTable
ALTER TABLE "Webhook" ADD COLUMN     "previousSecretEncrypted" BYTEA,
ADD COLUMN     "previousSecretExpiresAt" TIMESTAMP(3),
ADD COLUMN     "previousSecretKeyId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Project_badgeKey_key" ON "Project"("badgeKey");

