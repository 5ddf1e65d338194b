import { describe, expect, it } from 'vitest';
import { redactError } from './redact-error';

const PASSWORD = 'hunter2-s3cret';

describe('redactError', () => {
  it('removes URLs that carry credentials, whatever the scheme', () => {
    expect(redactError(`bad postgresql://app:${PASSWORD}@db.internal:5432/prod?sslmode=require here`)).toBe(
      'bad [redacted url] here',
    );
    expect(redactError(`redis://:${PASSWORD}@cache:6379/0`)).toBe('[redacted url]');
    expect(redactError(`rediss://default:${PASSWORD}@cache:6380`)).toBe('[redacted url]');
    expect(redactError(`(postgres://user@host/db)`)).toBe('([redacted url])');
  });

  it('masks password=... pairs and keeps harmless text', () => {
    expect(redactError(`host=db user=app password=${PASSWORD} dbname=x`)).toBe(
      'host=db user=app password=[redacted] dbname=x',
    );
    expect(redactError(`connect ECONNREFUSED 127.0.0.1:5432`)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(redactError('see https://pris.ly/d/client')).toBe('see https://pris.ly/d/client');
  });

  it('unwraps Prisma query errors, flattens them to one line and bounds the length', () => {
    expect(
      redactError(
        "\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:1`",
      ),
    ).toBe("Can't reach database server at 127.0.0.1:1");
    expect(redactError('a\n  b\tc')).toBe('a b c');
    expect(redactError('x'.repeat(1000))).toHaveLength(300);
  });
});
