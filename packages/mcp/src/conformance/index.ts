export * from './run-conformance';
