-- AlterTable
ALTER TABLE "Suite" ADD COLUMN     "scheduleEnabled" BOOLEAN NOT NULL DEFAULT true;

