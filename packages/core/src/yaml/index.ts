export {
  ErrorSink,
  internalLoadError,
  type LocatedError,
  type LocatedYaml,
  MAX_LOCATED_ERRORS,
  parseLocatedYaml,
} from './located-yaml';
export { documentStart, locateKey, locatePath, type LocatedPath } from './locate-path';
export { formatSuitePath } from './format-suite-path';
export { hasKey, valueAt } from './value-at';
export { type AnySchema, defOf, EXPECTED_TYPE_NAMES, unwrapSchema } from './zod-shape';
