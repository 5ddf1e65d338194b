export { isRecord } from './is-record';
export { canonicalJson } from './canonical-json';
