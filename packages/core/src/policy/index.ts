export * from './exec-policy-schema';
export * from './split-words';
export * from './tool-descriptor';
export {
  ANNOTATION_HINTS,
  ANNOTATION_KEYS,
  META_EFFECT,
  META_EFFECT_VALUES,
  META_PREFIX,
  META_REQUIRES_CONFIRMATION,
  META_RESULT_SENSITIVITY,
  RESULT_SENSITIVITY_VALUES,
  readAnnotations,
  readMetaEffect,
  type AnnotationHint,
  type MetaEffect,
  type ReadAnnotations,
  type ReadMetaEffect,
  type ResultSensitivity,
} from './read-tool-hints';
export * from './classify-tool';
export * from './decide';
export * from './budget';
export * from './outbound-gate';
export * from './result-sensitivity';
