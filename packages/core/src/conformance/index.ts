export * from './conformance-types';
export * from './catalog';
export * from './evaluate-conformance';
export * from './conformance-junit';
export * from './conformance-assertion-results';
export * from './conformance-report-record';
