export * from './safe-callback-path';
export * from './ci-snippets';
