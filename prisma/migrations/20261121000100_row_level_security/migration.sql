-- Row-level security on the tables that hold secrets (server auth headers, webhook signing secrets).
--
-- The application sets `app.tenant_id` per transaction (packages/db tenant scope: set_config(..., is_local => true)).
-- Without it, or with another tenant's id, these tables show no rows and accept no writes. FORCE makes the policy apply
-- to the table owner too, so the app may connect as the role that owns the schema; only superusers and BYPASSRLS roles
-- skip it, which is why the app must not connect as one (docs/security.md). Foreign-key cascades are unaffected:
-- PostgreSQL runs referential actions without forced row security.
-- Prisma's schema diff does not model policies; keep this migration when generating later ones.

ALTER TABLE "Server" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Server" FORCE ROW LEVEL SECURITY;
CREATE POLICY "Server_tenant_isolation" ON "Server"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));

ALTER TABLE "Webhook" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Webhook" FORCE ROW LEVEL SECURITY;
CREATE POLICY "Webhook_tenant_isolation" ON "Webhook"
  USING ("tenantId" = current_setting('app.tenant_id', true))
  WITH CHECK ("tenantId" = current_setting('app.tenant_id', true));
