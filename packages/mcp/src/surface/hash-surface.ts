import { createHash } from 'node:crypto';
import { canonicalSurfaceJson, type ServerSurface } from '@mcptest/core';

/** The surface hash: SHA-256 (hex) of the canonical JSON, equal for two recordings of an unchanged server. */
export function hashSurface(surface: ServerSurface): string {
  return createHash('sha256').update(canonicalSurfaceJson(surface)).digest('hex');
}
