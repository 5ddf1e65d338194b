export * from './run-outcome';
export * from './run-resource';
export * from './wire-enums';
export * from './run-transitions';
export * from './run-webhook-body';
export * from './server-authorization-webhook-body';
export * from './surface-changed-webhook-body';
