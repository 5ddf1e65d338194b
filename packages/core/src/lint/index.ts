export * from './lint-tools';
