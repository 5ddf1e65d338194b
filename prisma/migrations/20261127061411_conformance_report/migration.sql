-- CreateTable
CREATE TABLE "ConformanceReport" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "revision" TEXT NOT NULL,
    "protocolVersion" TEXT,
    "total" INTEGER NOT NULL,
    "passed" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "warnings" INTEGER NOT NULL,
    "skipped" INTEGER NOT NULL,
    "expectedFailures" INTEGER NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "checks" JSONB NOT NULL,
    "staleExpectedFailures" JSONB NOT NULL,
    "toolCalls" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConformanceReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ConformanceReport_runId_key" ON "ConformanceReport"("runId");

-- CreateIndex
CREATE INDEX "ConformanceReport_tenantId_serverId_revision_createdAt_idx" ON "ConformanceReport"("tenantId", "serverId", "revision", "createdAt");

-- AddForeignKey
ALTER TABLE "ConformanceReport" ADD CONSTRAINT "ConformanceReport_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConformanceReport" ADD CONSTRAINT "ConformanceReport_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConformanceReport" ADD CONSTRAINT "ConformanceReport_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
