export { isRecord } from './is-record';
