import { describe, expect, it } from 'vitest';
import { capTranscript, transcriptNotStored, TRANSCRIPT_MAX_BYTES_PER_ASSERTION } from './cap-transcript';

const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;
const entry = (seq: number, text: string) => ({ seq, kind: 'result', message: { text } });

describe('capTranscript', () => {
  it('keeps a transcript that fits, and says how big it is', () => {
    const entries = [entry(1, 'a'), entry(2, 'é')];
    expect(capTranscript(entries, 1000)).toEqual({ transcript: entries, bytes: size(entries), truncated: false });
    expect(capTranscript([], 10)).toEqual({ transcript: [], bytes: 2, truncated: false });
  });

  it.each([
    [
      'a long tail',
      [entry(1, 'x'.repeat(100)), ...Array.from({ length: 50 }, (_, i) => entry(i + 2, 'y'.repeat(300)))],
    ],
    ['one huge answer', [entry(1, 'ask'), entry(2, 'z'.repeat(5000)), entry(3, 'after')]],
    ['a first entry over the cap', [entry(1, 'w'.repeat(5000))]],
  ])('cuts %s at the cap with a marker, staying under it', (_, entries) => {
    const capped = capTranscript(entries, 2000);
    expect(capped.truncated).toBe(true);
    expect(capped.bytes).toBe(size(capped.transcript));
    expect(capped.bytes).toBeLessThanOrEqual(2000);
    const marker = capped.transcript.at(-1) as Record<string, unknown>;
    const kept = capped.transcript.length - 1;
    expect(marker).toMatchObject({
      mcptest: 'transcript_truncated',
      omittedEntries: entries.length - kept,
      limitBytes: 2000,
      note: "transcript truncated: only the first 2000 bytes of an assertion's transcript are stored",
    });
    expect(marker.omittedBytes).toBe(entries.slice(kept).reduce((n, e) => n + size(e), 0));
    expect(capped.transcript.slice(0, kept)).toEqual(entries.slice(0, kept));
  });

  it('caps at 1 MiB by default', () => {
    const capped = capTranscript([entry(1, 'q'.repeat(3 * 1024 * 1024))]);
    expect(capped.truncated).toBe(true);
    expect(capped.bytes).toBeLessThanOrEqual(TRANSCRIPT_MAX_BYTES_PER_ASSERTION);
  });

  it('replaces a transcript the quota has no room for by a marker that counts nothing', () => {
    expect(transcriptNotStored(5000, 100)).toEqual({
      transcript: [
        {
          mcptest: 'transcript_not_stored',
          omittedBytes: 5000,
          quotaBytes: 100,
          note: expect.stringContaining("the team's transcript storage quota of 100 bytes is used up"),
        },
      ],
      bytes: 0,
      truncated: true,
    });
  });
});
