import { readFileSync } from 'node:fs';
import path from 'node:path';
import internals from '@prisma/internals';
import type { DatamodelLike } from '@mcptest/db';

/** The datamodel of prisma/schema.prisma as the generated client sees it (read offline by Prisma's WASM parser). */
export async function loadDatamodel(): Promise<DatamodelLike> {
  const dmmf = await internals.getDMMF({ datamodel: readFileSync(path.resolve('prisma/schema.prisma'), 'utf8') });
  return dmmf.datamodel as unknown as DatamodelLike;
}
