-- CreateTable
CREATE TABLE "RunOutbox" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "RunOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RunOutbox_runId_key" ON "RunOutbox"("runId");

-- CreateIndex
CREATE INDEX "RunOutbox_doneAt_createdAt_idx" ON "RunOutbox"("doneAt", "createdAt");

-- AddForeignKey
ALTER TABLE "RunOutbox" ADD CONSTRAINT "RunOutbox_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunOutbox" ADD CONSTRAINT "RunOutbox_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
