import { ApiError } from './api-error';

/**
 * The request's `Idempotency-Key` header for a run trigger (the same key on the same suite gives the same run), or
 * undefined; 400 when it is empty or longer than 200 characters.
 */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key') ?? undefined;
  if (key !== undefined && (key.length === 0 || key.length > 200)) {
    throw new ApiError('validation_failed', 'Idempotency-Key must be 1 to 200 characters', [
      { path: 'header.Idempotency-Key', message: 'must be 1 to 200 characters' },
    ]);
  }
  return key;
}
