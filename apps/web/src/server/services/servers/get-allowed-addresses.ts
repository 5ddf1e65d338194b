import { describeAllowedAddresses, type AllowedAddresses } from '@mcptest/mcp';
import type { ServiceDeps } from '@/server/services/service-deps';

/** What forms say about the addresses this deployment reaches, with a local example that is not mcptest's own port. */
export interface AllowedAddressesView extends AllowedAddresses {
  /** `http://localhost:8080/mcp`, or port 8081 when mcptest itself listens on 8080. */
  localExample: string;
}

/**
 * The deployment's address policy for server and webhook forms, from the same allowlist the SSRF-safe fetch and the
 * registration check use (MCPTEST_ALLOW_PRIVATE_NETWORKS; loopback by default in development on loopback), so a form
 * never says "local servers are refused" where they are allowed, nor the reverse.
 */
export function getAllowedAddresses(deps: Pick<ServiceDeps, 'allowPrivateNetworks' | 'appUrl'>): AllowedAddressesView {
  let appPort = '';
  try {
    const url = new URL(deps.appUrl);
    appPort = url.port || (url.protocol === 'https:' ? '443' : '80');
  } catch {
    // An unparsable APP_URL cannot have been started with; any example port will do.
  }
  const port = appPort === '8080' ? 8081 : 8080;
  return { ...describeAllowedAddresses(deps.allowPrivateNetworks), localExample: `http://localhost:${port}/mcp` };
}
