export * from './env/load-env';
export * from './env/service-env';
export * from './result/run-result';
