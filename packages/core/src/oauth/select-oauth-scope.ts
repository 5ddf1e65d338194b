/**
 * The scope to ask for, by the MCP spec's "Scope Selection Strategy": the `scope` of the 401's challenge when it
 * names one (what the server says this request needs), else every scope the protected-resource metadata lists in
 * `scopes_supported`, else none (the parameter is left out and the authorization server applies its default).
 */
export function selectOAuthScope(input: {
  readonly challengeScope?: string | undefined;
  readonly scopesSupported?: readonly string[] | undefined;
}): string | undefined {
  const challenge = input.challengeScope?.trim();
  if (challenge !== undefined && challenge !== '') return challenge;
  const supported = (input.scopesSupported ?? []).filter((scope) => scope !== '');
  return supported.length > 0 ? supported.join(' ') : undefined;
}
