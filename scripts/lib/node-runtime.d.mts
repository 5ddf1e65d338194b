export const NODE_RUNTIMES: Record<string, string>;
export function ensureNode(major: number | string): string;
