import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { checkAddress } from './check-address';
import { SsrfRefusedError } from './ssrf-errors';

/** One address a host name resolved to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. Injectable so tests can make any name point anywhere. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (getaddrinfo, so /etc/hosts counts), every address, in the resolver's order. */
export const systemResolver: HostResolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * Resolves `hostname` once and checks every address. A name with any refused address is refused as a whole, even if
 * it also has public ones: pinning to the public subset would still let the name's owner steer which internal
 * address we try next time, and a refusal is easier to explain than a connection that works only sometimes.
 */
export async function resolveChecked(
  hostname: string,
  resolve: HostResolver,
  allowlist: readonly string[],
): Promise<readonly ResolvedAddress[]> {
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new SsrfRefusedError(
      'dns_failed',
      `${hostname} did not resolve${typeof code === 'string' ? ` (${code})` : ''}`,
    );
  }
  if (addresses.length === 0) throw new SsrfRefusedError('dns_failed', `${hostname} resolved to no address`);
  for (const { address } of addresses) {
    const check = checkAddress(address, allowlist);
    // The tenant learns the rule, not the address: a name resolving to 10.x must not map the operator's network.
    if (!check.ok) {
      throw new SsrfRefusedError(check.rule, `${hostname} resolves to ${check.reason}`, { address: check.message });
    }
  }
  return addresses;
}

/**
 * A `lookup` for net/tls.connect that answers only with checked addresses. The socket then connects to exactly those
 * addresses, so there is no second resolution for a rebinding DNS server to answer differently.
 */
function checkedLookup(resolve: HostResolver, allowlist: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, resolve, allowlist).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        const first = usable[0];
        if (!first) {
          callback(new SsrfRefusedError('dns_failed', `${hostname} has no IPv${wanted} address`), '', 0);
        } else if (options.all) {
          callback(
            null,
            usable.map((a): LookupAddress => ({ address: a.address, family: a.family })),
          );
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

/**
 * An undici connector that is the enforcement point for every outbound connection: literal IP hosts (for which
 * net.connect never calls `lookup`) are checked here, names through {@link checkedLookup}. Even a caller that reuses
 * the Agent without the safe fetch's own URL checks cannot reach a refused address.
 */
export function createCheckedConnector(options: {
  allowlist: readonly string[];
  resolve: HostResolver;
  connectTimeoutMs: number;
}): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup: checkedLookup(options.resolve, options.allowlist),
  });
  return (connectOptions, callback) => {
    const host = connectOptions.hostname;
    if (isIP(host)) {
      const check = checkAddress(host, options.allowlist);
      if (!check.ok) {
        callback(new SsrfRefusedError(check.rule, check.message), null);
        return;
      }
    }
    connect(connectOptions, callback);
  };
}
