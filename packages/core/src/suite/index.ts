export * from './load-suite';
export { DURATION_EXAMPLE, type DurationParse, parseDuration } from './parse-duration';
export * from './suite-schema';

export * from './local-file-uses';
export { editDistance, suggestKey } from './suggest-key';
