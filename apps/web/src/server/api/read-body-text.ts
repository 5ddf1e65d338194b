import { ApiError } from './api-error';

/**
 * A request body as text, reading no more than `maxBytes`: a chunked upload without Content-Length is cut off at the
 * limit (413) instead of being buffered whole first, which is what `request.text()` does (fuzzing showed a 64 MiB
 * stream read to its end before the size check). A declared Content-Length over the limit is refused unread.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new ApiError('payload_too_large', `the body is over ${maxBytes} bytes`);
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
