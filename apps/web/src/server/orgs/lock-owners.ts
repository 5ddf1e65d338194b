import type { TenantClient } from '@mcptest/db';

/**
 * Inside a transaction: row-locks the organization's OWNER memberships and returns how many there are. Two owners
 * demoting (or removing) each other at once would otherwise each see the other still OWNER and leave none; with the
 * lock the second waits, then counts what the first committed.
 */
export async function lockOwners(tx: TenantClient, now: Date): Promise<number> {
  const { count } = await tx.membership.updateMany({ where: { role: 'OWNER' }, data: { updatedAt: now } });
  return count;
}
