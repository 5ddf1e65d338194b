-- A `write` scope between run and admin, so that an API token can hold exactly what a MEMBER may do in the web app
-- (create and change projects, servers and suites) without the policy, tokens and webhooks (docs/security.md, "Who may
-- do what"). Made with prisma-sql-diff; BEFORE keeps the enum in the schema's order.

-- AlterEnum
ALTER TYPE "TokenScope" ADD VALUE 'WRITE' BEFORE 'ADMIN';
