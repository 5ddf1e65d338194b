export * from './load-suite';
export { DURATION_EXAMPLE, type DurationParse, parseDuration } from './parse-duration';
export * from './suite-schema';
export { locateKey, locatePath, type LocatedPath } from './locate-path';
export * from './local-file-uses';
