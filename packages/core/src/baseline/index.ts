export * from './baseline-schema';
export * from './make-baseline';
export * from './parse-baseline';
export * from './find-regressions';
