export * from './run-outcome';
