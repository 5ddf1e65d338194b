-- AlterTable
ALTER TABLE "AssertionResult" ADD COLUMN     "wireFindings" JSONB,
ADD COLUMN     "wireRevision" TEXT;
