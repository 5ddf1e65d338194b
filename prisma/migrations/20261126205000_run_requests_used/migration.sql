-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "requestsUsed" INTEGER NOT NULL DEFAULT 0;

