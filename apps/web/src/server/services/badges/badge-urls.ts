/** The public URLs of one badge, as the suite (and project) resource carries them. */
export interface BadgeUrls {
  svgUrl: string;
  jsonUrl: string;
}

function urls(appUrl: string, kind: 's' | 'p' | 'c' | 'u', badgeKey: string): BadgeUrls {
  const base = `${appUrl.replace(/\/+$/, '')}/api/badges/${kind}/${encodeURIComponent(badgeKey)}`;
  return { svgUrl: `${base}.svg`, jsonUrl: `${base}.json` };
}

/** A suite's badge URLs (`badge: {svgUrl, jsonUrl, statusUrl}` on the suite resource). `appUrl` is APP_URL. */
export function badgeUrls(appUrl: string, badgeKey: string): BadgeUrls & { statusUrl: string } {
  return { ...urls(appUrl, 's', badgeKey), statusUrl: suiteStatusUrl(appUrl, badgeKey) };
}

/** The suite's public status page (`/status/<badge key>`): where its badge links by default. */
export function suiteStatusUrl(appUrl: string, badgeKey: string): string {
  return `${appUrl.replace(/\/+$/, '')}/status/${encodeURIComponent(badgeKey)}`;
}

/** A project's aggregate badge URLs; the key comes from `ensureProjectBadgeKey`. */
export function projectBadgeUrls(appUrl: string, badgeKey: string): BadgeUrls {
  return urls(appUrl, 'p', badgeKey);
}

/**
 * The conformance badge of a suite with a `conformance:` block (the server's conformance suite of one revision):
 * "MCP 2026-07-28 · 37/37" from its latest report, under the suite's own badge key; it links to that suite's public
 * status page by default.
 */
export function conformanceBadgeUrls(appUrl: string, badgeKey: string): BadgeUrls & { statusUrl: string } {
  return { ...urls(appUrl, 'c', badgeKey), statusUrl: suiteStatusUrl(appUrl, badgeKey) };
}

/** A server's uptime badge URLs, under its monitor's own badge key (docs/badges.md). */
export function uptimeBadgeUrls(appUrl: string, badgeKey: string): BadgeUrls {
  return urls(appUrl, 'u', badgeKey);
}
