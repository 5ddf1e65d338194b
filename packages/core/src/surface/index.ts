export * from './server-surface';
export * from './diff-surface';
export * from './run-surface-drift';
export * from './decide-surface-pin';
