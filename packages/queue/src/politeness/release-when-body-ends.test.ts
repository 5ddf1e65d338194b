import { describe, expect, it } from 'vitest';
import { releaseWhenBodyEnds } from './release-when-body-ends';

function counted() {
  const counter = { calls: 0, release: () => (counter.calls += 1) };
  return counter;
}

/** A body whose chunks the test pushes, so "read to the end" is under its control. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { stream, push: (text: string) => controller.enqueue(new TextEncoder().encode(text)), controller };
}

describe('releaseWhenBodyEnds', () => {
  it('releases once, when the body has been read to the end, not when a chunk arrives', async () => {
    const body = controlledBody();
    const counter = counted();
    const wrapped = releaseWhenBodyEnds(
      new Response(body.stream, { status: 201, statusText: 'Made', headers: { 'x-a': '1' } }),
      counter.release,
    );
    expect([wrapped.status, wrapped.statusText, wrapped.headers.get('x-a')]).toEqual([201, 'Made', '1']);
    const reader = wrapped.body!.getReader();
    body.push('one');
    expect((await reader.read()).done).toBe(false);
    expect(counter.calls).toBe(0);
    body.controller.close();
    expect((await reader.read()).done).toBe(true);
    await reader.cancel();
    expect(counter.calls).toBe(1);
  });

  it('releases once when the body errors or is cancelled', async () => {
    const failing = controlledBody();
    const onError = counted();
    const reader = releaseWhenBodyEnds(new Response(failing.stream), onError.release).body!.getReader();
    failing.controller.error(new Error('reset'));
    await expect(reader.read()).rejects.toThrow('reset');
    expect(onError.calls).toBe(1);

    const onCancel = counted();
    const cancelled = releaseWhenBodyEnds(new Response(controlledBody().stream), onCancel.release);
    await cancelled.body!.cancel();
    await cancelled.body!.cancel();
    expect(onCancel.calls).toBe(1);
  });

  it('releases at once when there is no body', () => {
    const counter = counted();
    const response = new Response(null, { status: 204 });
    expect(releaseWhenBodyEnds(response, counter.release)).toBe(response);
    expect(counter.calls).toBe(1);
  });
});
