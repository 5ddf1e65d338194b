-- CreateEnum
CREATE TYPE "SurfacePin" AS ENUM ('OFF', 'WARN', 'FAIL');

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "surfacePin" "SurfacePin" NOT NULL DEFAULT 'OFF';

-- AlterTable
ALTER TABLE "Server" ADD COLUMN     "approvedSurfaceHash" TEXT,
ADD COLUMN     "surfaceApprovedAt" TIMESTAMP(3),
ADD COLUMN     "surfaceApprovedById" TEXT,
ADD COLUMN     "surfaceHash" TEXT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "surfaceDrift" JSONB,
ADD COLUMN     "surfaceHash" TEXT;

-- CreateTable
CREATE TABLE "SurfaceSnapshot" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "surface" JSONB NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SurfaceSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SurfaceChange" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "fromHash" TEXT NOT NULL,
    "toHash" TEXT NOT NULL,
    "diff" JSONB NOT NULL,
    "loud" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "runId" TEXT,
    "detectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SurfaceChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SurfaceSnapshot_tenantId_idx" ON "SurfaceSnapshot"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "SurfaceSnapshot_serverId_hash_key" ON "SurfaceSnapshot"("serverId", "hash");

-- CreateIndex
CREATE INDEX "SurfaceChange_tenantId_serverId_detectedAt_idx" ON "SurfaceChange"("tenantId", "serverId", "detectedAt");

-- CreateIndex
CREATE INDEX "SurfaceChange_runId_idx" ON "SurfaceChange"("runId");

-- AddForeignKey
ALTER TABLE "SurfaceSnapshot" ADD CONSTRAINT "SurfaceSnapshot_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurfaceSnapshot" ADD CONSTRAINT "SurfaceSnapshot_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurfaceChange" ADD CONSTRAINT "SurfaceChange_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurfaceChange" ADD CONSTRAINT "SurfaceChange_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurfaceChange" ADD CONSTRAINT "SurfaceChange_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;
