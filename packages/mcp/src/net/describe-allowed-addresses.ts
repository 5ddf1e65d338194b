import { checkAddress } from './check-address';

/**
 * Which addresses this deployment's servers and webhooks may use, as forms explain it: public addresses always;
 * loopback (`localhost`, 127.0.0.1) and private networks only as MCPTEST_ALLOW_PRIVATE_NETWORKS allows (development
 * on loopback allows loopback by default); link-local and cloud metadata never.
 */
export interface AllowedAddresses {
  /** A server on the machine running mcptest (`http://localhost:8080/mcp`) can be registered and reached. */
  loopback: boolean;
  /** The private networks allowed besides loopback, as configured (e.g. `10.0.0.0/8`). */
  privateNetworks: string[];
}

/** Describes an allowlist with the same rules the SSRF-safe fetch applies to it (`checkAddress`). */
export function describeAllowedAddresses(allowlist: readonly string[]): AllowedAddresses {
  const loopback = checkAddress('127.0.0.1', allowlist).ok;
  // Entries that only open loopback are said by `loopback`; the rest are listed as the operator wrote them.
  const privateNetworks = allowlist.filter((cidr) => !/^(127\.|::1(\/|$)|::ffff:127\.)/i.test(cidr.trim()));
  return { loopback, privateNetworks };
}
