export * from './run-outcome';
export * from './run-resource';
export * from './wire-enums';
