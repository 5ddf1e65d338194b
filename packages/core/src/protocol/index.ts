export * from './protocol-choice';
