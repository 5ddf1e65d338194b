export * from './render-template';
export * from './apply-captures';
