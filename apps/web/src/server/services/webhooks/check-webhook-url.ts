import { checkUrlForRegistration } from '@mcptest/mcp';
import { WebhookUrlRefusedError } from './errors';

/**
 * Registration-time check of a webhook URL (DESIGN.md "Private networks"): a literal address that is private (outside
 * MCPTEST_ALLOW_PRIVATE_NETWORKS), link-local or a metadata address is refused, naming the rule. Host names pass here;
 * the worker's SSRF-safe fetch checks what they resolve to on every delivery.
 */
export function checkWebhookUrl(url: string, allowPrivateNetworks: readonly string[]): void {
  const check = checkUrlForRegistration(url, allowPrivateNetworks);
  if (!check.ok) throw new WebhookUrlRefusedError(check.rule, check.message);
}
