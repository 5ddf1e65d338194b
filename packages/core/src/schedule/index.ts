export * from './check-schedule';
export * from './format-interval';
export * from './next-schedule-fire';
