-- Suites scheduled before this migration have no nextFireAt yet: the worker's reconciler arms them (the cron is read
-- in JS, core nextScheduleFireAt), and from then on every save sets it.
-- AlterTable
ALTER TABLE "Suite" ADD COLUMN     "fireLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "nextFireAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Suite_nextFireAt_idx" ON "Suite"("nextFireAt");
