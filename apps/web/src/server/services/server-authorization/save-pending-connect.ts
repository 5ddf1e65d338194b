import { secretContext } from '@mcptest/db';
import type { ServiceDeps } from '@/server/services/service-deps';
import { PENDING_CONNECT_TTL_SECONDS, pendingConnectKey, PendingConnect } from './pending-connect';

/** Keeps a started connect flow for its callback: sealed to its tenant and user, expiring on its own. */
export async function savePendingConnect(
  deps: Pick<ServiceDeps, 'redis' | 'prefix' | 'secretBox'>,
  flow: PendingConnect,
): Promise<void> {
  const parsed = PendingConnect.parse(flow);
  const sealed = deps.secretBox.seal(
    JSON.stringify(parsed),
    secretContext.oauthConnectFlow(parsed.tenantId, parsed.userId),
  );
  const stored = JSON.stringify({
    tenantId: parsed.tenantId,
    keyId: sealed.keyId,
    data: Buffer.from(sealed.data).toString('base64'),
  });
  await deps.redis.set(pendingConnectKey(deps.prefix, parsed.state), stored, 'EX', PENDING_CONNECT_TTL_SECONDS);
}
