export {
  MAX_SURFACE_DEPTH,
  readSurface,
  SurfaceInvalidError,
  type ReadSurfaceOptions,
  type ReadSurfaceResult,
} from './read-surface';
export { hashSurface } from './hash-surface';
