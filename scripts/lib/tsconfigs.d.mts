// Types of tsconfigs.mjs for its test.
export function typecheckProjects(root?: string): string[];
