export * from './env/load-env';
export * from './env/service-env';
