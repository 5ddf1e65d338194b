// Types of web-build.mjs for the TypeScript that imports it (the test harness).
export function webBuildFingerprint(options?: Record<string, unknown>): string;
export function webBuildState(distDir?: string): {
  dir: string;
  fingerprint: string;
  current: boolean;
  exists: boolean;
};
export function ensureWebBuild(options?: {
  distDir?: string;
  log?: (message: string) => void;
  quiet?: boolean;
  env?: Record<string, string | undefined>;
}): Promise<boolean>;
