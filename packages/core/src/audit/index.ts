export * from './synthesize-arguments';
export * from './invalid-input-probes';
export * from './classify-audit-outcome';
export * from './score-audit';
export * from './scaffold-suite';
