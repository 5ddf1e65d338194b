export * from './risk-level';
export * from './needs-review';
export * from './assertion-calls';
export * from './order-by-phase';
export * from './compute-coverage';
export * from './format-coverage';
