-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "sloBreaches" JSONB;
