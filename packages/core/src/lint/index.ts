export * from './lint-tools';
export * from './lint-surface';
