-- CreateEnum
CREATE TYPE "MonitorState" AS ENUM ('UNKNOWN', 'UP', 'DOWN');

-- CreateTable
CREATE TABLE "Monitor" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "intervalMinutes" INTEGER NOT NULL DEFAULT 5,
    "state" "MonitorState" NOT NULL DEFAULT 'UNKNOWN',
    "nextCheckAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastCheckedAt" TIMESTAMP(3),
    "lastLatencyMs" INTEGER,
    "lastError" TEXT,
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "stateChangedAt" TIMESTAMP(3),
    "badgeKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Monitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitorDay" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "checks" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "latencySumMs" BIGINT NOT NULL DEFAULT 0,
    "latencyMaxMs" INTEGER NOT NULL DEFAULT 0,
    "latencyBuckets" INTEGER[],

    CONSTRAINT "MonitorDay_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitorIncident" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "monitorId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "reason" TEXT NOT NULL,

    CONSTRAINT "MonitorIncident_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Monitor_serverId_key" ON "Monitor"("serverId");

-- CreateIndex
CREATE UNIQUE INDEX "Monitor_badgeKey_key" ON "Monitor"("badgeKey");

-- CreateIndex
CREATE INDEX "Monitor_enabled_nextCheckAt_idx" ON "Monitor"("enabled", "nextCheckAt");

-- CreateIndex
CREATE INDEX "Monitor_tenantId_idx" ON "Monitor"("tenantId");

-- CreateIndex
CREATE INDEX "MonitorDay_tenantId_idx" ON "MonitorDay"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "MonitorDay_monitorId_day_key" ON "MonitorDay"("monitorId", "day");

-- CreateIndex
CREATE INDEX "MonitorIncident_monitorId_startedAt_idx" ON "MonitorIncident"("monitorId", "startedAt");

-- CreateIndex
CREATE INDEX "MonitorIncident_tenantId_idx" ON "MonitorIncident"("tenantId");

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Monitor" ADD CONSTRAINT "Monitor_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorDay" ADD CONSTRAINT "MonitorDay_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorDay" ADD CONSTRAINT "MonitorDay_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorIncident" ADD CONSTRAINT "MonitorIncident_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MonitorIncident" ADD CONSTRAINT "MonitorIncident_monitorId_fkey" FOREIGN KEY ("monitorId") REFERENCES "Monitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;
