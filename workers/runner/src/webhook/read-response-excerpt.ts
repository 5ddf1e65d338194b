/**
 * Reads at most `maxBytes` of a response body and cancels the rest, so a receiver that answers with a huge (or
 * endless) body costs us nothing. Decoded as UTF-8; a character cut at the limit is dropped.
 */
export async function readResponseExcerpt(response: Response, maxBytes: number): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  try {
    while (total < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - total;
      if (value.length > room) {
        chunks.push(value.subarray(0, room));
        total += room;
        truncated = true;
        break;
      }
      chunks.push(value);
      total += value.length;
    }
    if (total >= maxBytes) truncated = true;
  } finally {
    // Releases the connection whether or not the body was finished (cancel on a finished stream is a no-op).
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return truncated ? text.replace(/\uFFFD$/, '') : text;
}
