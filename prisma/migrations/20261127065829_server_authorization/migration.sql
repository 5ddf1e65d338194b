-- A server's OAuth connection (issue 18; docs/oauth.md). The schema part was made with prisma-sql-diff; the policy is
-- hand-written (Prisma's schema diff does not model policies; keep this migration when generating later ones): the
-- table holds sealed tokens, so it has row-level security like every table holding a sealed secret.

-- CreateEnum
CREATE TYPE "ServerAuthorizationKind" AS ENUM ('AUTHORIZATION_CODE', 'CLIENT_CREDENTIALS');

-- CreateEnum
CREATE TYPE "ServerAuthorizationState" AS ENUM ('CONNECTED', 'EXPIRED', 'ERROR');

-- CreateEnum
CREATE TYPE "OAuthClientRegistrationMethod" AS ENUM ('PRE_REGISTERED', 'CLIENT_ID_METADATA_DOCUMENT', 'DYNAMIC');

-- CreateTable
CREATE TABLE "ServerAuthorization" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "kind" "ServerAuthorizationKind" NOT NULL,
    "state" "ServerAuthorizationState" NOT NULL DEFAULT 'CONNECTED',
    "lastError" TEXT,
    "issuer" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "scope" TEXT,
    "registrationMethod" "OAuthClientRegistrationMethod" NOT NULL,
    "clientId" TEXT NOT NULL,
    "secretsEncrypted" BYTEA NOT NULL,
    "secretsKeyId" TEXT NOT NULL,
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "refreshedAt" TIMESTAMP(3),
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServerAuthorization_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ServerAuthorization_serverId_key" ON "ServerAuthorization"("serverId");

-- CreateIndex
CREATE INDEX "ServerAuthorization_tenantId_idx" ON "ServerAuthorization"("tenantId");

-- AddForeignKey
ALTER TABLE "ServerAuthorization" ADD CONSTRAINT "ServerAuthorization_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServerAuthorization" ADD CONSTRAINT "ServerAuthorization_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The same policy as "Server", "Webhook" and "SuiteTriggerSecret" (20261121000100_row_level_security).
ALTER TABLE "ServerAuthorization" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ServerAuthorization" FORCE ROW LEVEL SECURITY;
CREATE POLICY "ServerAuthorization_tenant_isolation" ON "ServerAuthorization"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
