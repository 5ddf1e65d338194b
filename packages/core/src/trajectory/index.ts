export * from './trajectory-schema';
export * from './check-trajectory';
