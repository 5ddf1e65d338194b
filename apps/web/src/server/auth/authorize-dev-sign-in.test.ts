import { PrismaAdapter } from '@auth/prisma-adapter';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../test/db';
import { authorizeDevSignIn } from './authorize-dev-sign-in';

const testDb = useTestDatabase();

function adapter() {
  return PrismaAdapter(testDb.db.global as unknown as Parameters<typeof PrismaAdapter>[0]);
}

describe('authorizeDevSignIn', () => {
  it('creates the user on first sign-in and reuses it by email after', async () => {
    const first = await authorizeDevSignIn(adapter(), { email: '  Dev@Example.com ' });
    expect(first).toMatchObject({ email: 'dev@example.com', emailVerified: null, name: 'dev' });
    expect(first?.id).toEqual(expect.any(String));

    const again = await authorizeDevSignIn(adapter(), { email: 'dev@example.com' });
    expect(again?.id).toBe(first?.id);
    expect(await testDb.db.global.user.count({ where: { email: 'dev@example.com' } })).toBe(1);
  });

  it('reuses a user that signed in another way (same email)', async () => {
    const existing = await testDb.db.global.user.create({ data: { email: 'magic@example.com', name: 'Magic' } });
    expect((await authorizeDevSignIn(adapter(), { email: 'magic@example.com' }))?.id).toBe(existing.id);
  });

  it('refuses anything that is not an email, creating nothing', async () => {
    const before = await testDb.db.global.user.count();
    for (const credentials of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }]) {
      expect(await authorizeDevSignIn(adapter(), credentials)).toBeNull();
    }
    expect(await testDb.db.global.user.count()).toBe(before);
  });
});
