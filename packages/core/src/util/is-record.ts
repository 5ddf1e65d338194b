/** A plain mapping: an object that is neither null nor an array (the one check every JSON/YAML walker needs). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
