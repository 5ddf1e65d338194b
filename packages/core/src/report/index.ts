export * from './should-use-color';
export * from './terminal-report';
export * from './json-report';
export * from './junit-report';
export * from './markdown-report';
export * from './badge';
