-- Runs once, when the postgres container initialises an empty data directory (docker-entrypoint-initdb.d).
-- The application role is deliberately NOT a superuser and NOT BYPASSRLS: row-level security policies (see
-- prisma/migrations/*_row_level_security) do not apply to such roles. CREATEDB lets it run the test suite's per-file
-- databases; drop it in production if you like.
-- The password must match DATABASE_URL in docker-compose.yml; change both for anything beyond a local trial.
CREATE ROLE mcptest LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS NOCREATEROLE PASSWORD 'mcptest';
CREATE DATABASE mcptest OWNER mcptest;
