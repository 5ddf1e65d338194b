export * from './pass-at-k';
export * from './aggregate-trials';
