/**
 * Returns a response like `response` whose body calls `release` once it has been read to the end, has errored, or has
 * been cancelled; immediately if there is no body. Status, status text and headers are copied; `url`, `redirected`
 * and `type` are carried over too, since a constructed Response would otherwise report them empty.
 *
 * The wrapper pulls from the original body only when its reader asks (high-water mark 0), so "read to the end"
 * means the consumer really reached the end, not that a read-ahead did. `release` must be idempotent.
 */
export function releaseWhenBodyEnds(response: Response, release: () => void): Response {
  if (response.body === null) {
    release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          release();
          controller.error(error);
          return;
        }
        if (chunk.done) {
          release();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      },
      async cancel(reason) {
        release();
        // The original may already have errored; cancelling it is then moot.
        await reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
  const wrapped = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperties(wrapped, {
    url: { value: response.url },
    redirected: { value: response.redirected },
    type: { value: response.type },
  });
  return wrapped;
}
