/** What one assertion's stored transcript may take (JSON, UTF-8 bytes); the rest is replaced by a marker. */
export const TRANSCRIPT_MAX_BYTES_PER_ASSERTION = 1024 * 1024;

/** The last entry of a transcript that was cut: how much was left out, and why. */
export interface TranscriptTruncatedMarker {
  mcptest: 'transcript_truncated';
  /** Entries left out (from the first one that did not fit to the end). */
  omittedEntries: number;
  /** Their size in bytes (JSON, UTF-8). */
  omittedBytes: number;
  limitBytes: number;
  note: string;
}

/** The whole transcript of an assertion whose tenant's transcript storage is used up. */
export interface TranscriptNotStoredMarker {
  mcptest: 'transcript_not_stored';
  /** The transcript's size in bytes had it been stored. */
  omittedBytes: number;
  quotaBytes: number;
  note: string;
}

export interface CappedTranscript {
  transcript: unknown[];
  /** Size of `transcript` as stored (JSON, UTF-8 bytes), what counts against the tenant's quota. */
  bytes: number;
  truncated: boolean;
}

const encoder = new TextEncoder();
const sizeOf = (value: unknown): number => encoder.encode(JSON.stringify(value) ?? 'null').byteLength;

/**
 * Keeps a transcript's entries in order while they fit in `maxBytes` (the JSON array as stored), and replaces the rest
 * with one `transcript_truncated` marker, so a server that answers with megabytes cannot make one result row huge.
 * The first exchanges are kept because they say what was asked and the start of what came back.
 */
export function capTranscript(
  entries: readonly unknown[],
  maxBytes: number = TRANSCRIPT_MAX_BYTES_PER_ASSERTION,
): CappedTranscript {
  // The marker's own room is kept free so the capped array stays under the limit with it.
  const markerRoom = 400;
  const kept: unknown[] = [];
  let bytes = 2; // []
  let index = 0;
  for (; index < entries.length; index += 1) {
    const size = sizeOf(entries[index]) + (kept.length > 0 ? 1 : 0);
    const last = index === entries.length - 1;
    if (bytes + size > (last ? maxBytes : maxBytes - markerRoom)) break;
    kept.push(entries[index]);
    bytes += size;
  }
  if (index === entries.length) return { transcript: kept, bytes, truncated: false };
  let omittedBytes = 0;
  for (let i = index; i < entries.length; i += 1) omittedBytes += sizeOf(entries[i]);
  const marker: TranscriptTruncatedMarker = {
    mcptest: 'transcript_truncated',
    omittedEntries: entries.length - index,
    omittedBytes,
    limitBytes: maxBytes,
    note: `transcript truncated: only the first ${maxBytes} bytes of an assertion's transcript are stored`,
  };
  kept.push(marker);
  return { transcript: kept, bytes: sizeOf(kept), truncated: true };
}

/** The transcript stored in place of one that the tenant's storage quota has no room for. */
export function transcriptNotStored(omittedBytes: number, quotaBytes: number): CappedTranscript {
  const marker: TranscriptNotStoredMarker = {
    mcptest: 'transcript_not_stored',
    omittedBytes,
    quotaBytes,
    note: transcriptQuotaNotice(quotaBytes),
  };
  return { transcript: [marker], bytes: 0, truncated: true };
}

/** The notice on a run (and on each result) whose transcripts were not stored because the quota is used up. */
export function transcriptQuotaNotice(quotaBytes: number): string {
  return `transcripts not stored: the team's transcript storage quota of ${quotaBytes} bytes is used up (results are still recorded; deleting suites frees their runs' transcripts, or the operator raises the plan's transcriptStorageBytes)`;
}
