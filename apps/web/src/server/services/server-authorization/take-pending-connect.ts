import { secretContext } from '@mcptest/db';
import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';
import { pendingConnectKey, PendingConnect } from './pending-connect';

const Stored = z.object({ tenantId: z.string().min(1), keyId: z.string().min(1), data: z.string().min(1) });

/**
 * Takes (once: it is deleted once its own user opened it) the connect flow whose `state` came back on the callback,
 * for the signed-in `userId`. Unknown, expired, already used or started by someone else: the same 400, which names no flow.
 * A flow of another user does not even open (the seal is bound to the user who started it).
 */
export async function takePendingConnect(
  deps: Pick<ServiceDeps, 'redis' | 'prefix' | 'secretBox'>,
  state: string,
  userId: string,
): Promise<PendingConnect> {
  const refused = new ApiError(
    'bad_request',
    'this authorization is unknown, expired (10 minutes) or was started by someone else: press Connect again',
  );
  if (state.length === 0 || state.length > 200) throw refused;
  const key = pendingConnectKey(deps.prefix, state);
  const raw = await deps.redis.get(key);
  if (raw === null) throw refused;
  let flow: PendingConnect;
  try {
    const stored = Stored.parse(JSON.parse(raw));
    const opened = deps.secretBox.open(
      { keyId: stored.keyId, data: new Uint8Array(Buffer.from(stored.data, 'base64')) },
      secretContext.oauthConnectFlow(stored.tenantId, userId),
    );
    flow = PendingConnect.parse(JSON.parse(opened));
  } catch {
    throw refused;
  }
  if (flow.userId !== userId || flow.state !== state) throw refused;
  // Deleted only once opened by its own user (someone else's try must not spend it); one use even when raced.
  if ((await deps.redis.del(key)) !== 1) throw refused;
  return flow;
}
