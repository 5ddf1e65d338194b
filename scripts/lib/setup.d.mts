// Types of the parts of setup.mjs that TypeScript imports (the test of npm's output folding).
export function foldEngineWarnings(stderr: string): { kept: string; packages: string[]; skippedScripts: string[] };
