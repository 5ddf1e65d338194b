/** Errors raised by packages/db. They stay local (mapped to HTTP by the web app's one error mapper). */
export type DbErrorCode =
  | 'tenant_scope_violation'
  | 'migration_checksum_mismatch'
  | 'migration_failed'
  | 'migration_incomplete'
  | 'secret_key_unknown'
  | 'secret_corrupt'
  | 'not_found';

export class DbError extends Error {
  constructor(
    readonly code: DbErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DbError';
  }
}
