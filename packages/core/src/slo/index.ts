export * from './slo-schema';
export * from './percentile';
export * from './evaluate-slo';
