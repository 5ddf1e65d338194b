export * from './server-surface';
