export * from './check-schedule';
export * from './format-interval';
