import { describe, expect, it } from 'vitest';
import { ApiError } from '@/server/api/api-error';
import { actorFromMembership, hasRole, requireRole } from './authorize';
import { ROLES, type RoleName } from './org-schemas';

// Every (role, minRole) pair: allowed exactly when the role is at or above the minimum.
const ALLOWED: Record<RoleName, RoleName[]> = {
  VIEWER: ['VIEWER'],
  MEMBER: ['VIEWER', 'MEMBER'],
  ADMIN: ['VIEWER', 'MEMBER', 'ADMIN'],
  OWNER: ['VIEWER', 'MEMBER', 'ADMIN', 'OWNER'],
};
const matrix = ROLES.flatMap((role) =>
  ROLES.map((minRole) => ({ role, minRole, allowed: ALLOWED[role].includes(minRole) })),
);

describe('requireRole', () => {
  it.each(matrix)('$role needing $minRole: allowed=$allowed', ({ role, minRole, allowed }) => {
    const membership = { tenantId: 't1', role };
    expect(hasRole(role, minRole)).toBe(allowed);
    if (allowed) {
      expect(() => requireRole(membership, minRole)).not.toThrow();
    } else {
      let thrown: unknown;
      try {
        requireRole(membership, minRole);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ code: 'forbidden', details: { required: minRole, role } });
      expect((thrown as Error).message).toContain(minRole);
    }
  });
});

describe('actorFromMembership', () => {
  it('is the tenant, the user and the permission of the role, nothing else', () => {
    expect(actorFromMembership('u1', { tenantId: 't1', role: 'ADMIN' })).toEqual({
      tenantId: 't1',
      userId: 'u1',
      permission: 'admin',
    });
    expect(actorFromMembership('u1', { tenantId: 't1', role: 'VIEWER' })).toMatchObject({ permission: 'read' });
  });
});
