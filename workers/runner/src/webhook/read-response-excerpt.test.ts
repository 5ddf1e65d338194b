import { describe, expect, it } from 'vitest';
import { readResponseExcerpt } from './read-response-excerpt';

describe('readResponseExcerpt', () => {
  it('reads a short body whole', async () => {
    expect(await readResponseExcerpt(new Response('ok'), 1024)).toBe('ok');
    expect(await readResponseExcerpt(new Response(null, { status: 204 }), 1024)).toBe('');
  });

  it('stops at the cap and cancels an endless body', async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('x'.repeat(300)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const text = await readResponseExcerpt(new Response(endless), 1024);
    expect(text).toBe('x'.repeat(1024));
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it('drops a character cut at the cap', async () => {
    // 'é' is two bytes; the cap falls in the middle of the last one.
    expect(await readResponseExcerpt(new Response('aé'.repeat(10)), 5)).toBe('aéa');
  });
});
