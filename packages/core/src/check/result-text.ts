import type { ToolCallResultData } from './tool-observation';

/** The text expectations see: every text block's text, joined with "\n" (mcp-assert's extractText). */
export function resultText(result: ToolCallResultData): string {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
  }
  return parts.join('\n');
}
