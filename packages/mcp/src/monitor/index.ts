export * from './check-server';
