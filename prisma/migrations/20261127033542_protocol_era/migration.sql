-- AlterTable
ALTER TABLE "Server" ADD COLUMN     "protocol" TEXT NOT NULL DEFAULT 'auto';

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "protocolVersion" TEXT;
