import type { ToolObservation } from './tool-observation';

/** After-call content of a file, or why it cannot be read. */
export function readAfter(
  observation: ToolObservation,
  path: string,
): { ok: true; content: string } | { ok: false; reason: string } {
  const file = observation.files?.[path]?.after;
  if (file === undefined) return { ok: false, reason: 'not observed by the executor' };
  switch (file.state) {
    case 'present':
      return { ok: true, content: file.content };
    case 'absent':
      return { ok: false, reason: 'no such file' };
    case 'unreadable':
      return { ok: false, reason: file.reason };
  }
}
