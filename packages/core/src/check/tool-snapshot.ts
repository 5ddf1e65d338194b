import { z } from 'zod';
import type { Expect } from './expect-schema';
import { resultText } from './result-text';
import type { ToolCallResultData } from './tool-observation';

/** What a snapshot stores: the result text (as the text expectations see it), isError, and structuredContent. */
export const ToolSnapshot = z.object({
  text: z.string(),
  isError: z.boolean(),
  structuredContent: z.unknown().optional(),
});
export type ToolSnapshot = z.infer<typeof ToolSnapshot>;

/** The snapshot key: `snapshot: { name }` when given, else the assertion's name; undefined when no snapshot is asked. */
export function snapshotName(expect: Expect, assertionName: string): string | undefined {
  if (expect.snapshot === undefined || expect.snapshot === false) return undefined;
  return expect.snapshot === true ? assertionName : (expect.snapshot.name ?? assertionName);
}

/** The snapshot of a result, as `snapshotUpdate` returns it and as a stored one is compared. */
export function toolSnapshot(result: ToolCallResultData): ToolSnapshot {
  const snapshot: ToolSnapshot = { text: resultText(result), isError: result.isError === true };
  if (result.structuredContent !== undefined) snapshot.structuredContent = result.structuredContent;
  return snapshot;
}
