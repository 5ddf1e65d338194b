import { checkUrlForRegistration } from '@mcptest/mcp';
import { ApiError } from '@/server/api/api-error';

/**
 * Registration-time check of a server URL (DESIGN.md "Private networks"): a literal address that is private (outside
 * MCPTEST_ALLOW_PRIVATE_NETWORKS), link-local or a metadata address is refused with 400 `url_refused` naming the rule.
 * Host names pass here; the SSRF-safe fetch checks what they resolve to on every connection.
 */
export function checkServerUrl(url: string, allowPrivateNetworks: readonly string[]): void {
  const check = checkUrlForRegistration(url, allowPrivateNetworks);
  if (!check.ok) {
    throw new ApiError('url_refused', `url refused (rule ${check.rule}): ${check.message}`, {
      rule: check.rule,
      path: 'url',
    });
  }
}
