import type { AllowedAddressesView } from '@/server/services/servers/get-allowed-addresses';

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * One sentence on which URLs this deployment accepts for servers and webhooks (registration refuses the rest, and
 * every connection checks again after DNS). Says what the allowlist really allows: loopback in development, the
 * operator's private networks, never link-local or cloud metadata.
 */
export function allowedAddressesText(addresses: AllowedAddressesView): string {
  const { loopback, privateNetworks } = addresses;
  const reached = ['public addresses'];
  if (loopback) reached.push('this machine (localhost, 127.0.0.1)');
  if (privateNetworks.length > 0) {
    reached.push(`the private network${privateNetworks.length === 1 ? '' : 's'} ${joinWords(privateNetworks)}`);
  }
  const refused = [
    ...(loopback ? [] : ['loopback (localhost)']),
    loopback || privateNetworks.length > 0 ? 'other private' : 'private',
    'link-local',
    'cloud metadata',
  ];
  if (reached.length === 1)
    return `It must be reachable from the internet: ${joinWords(refused)} addresses are refused.`;
  return `This deployment reaches ${joinWords(reached)}; ${joinWords(refused)} addresses are refused.`;
}
