-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "coverage" JSONB;
