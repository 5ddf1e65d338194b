export * from './retention-cutoffs';
export * from './suite-day-increment';
