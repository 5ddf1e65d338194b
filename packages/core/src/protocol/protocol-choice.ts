// Which MCP protocol era a session speaks. One home for the accepted values: the suite key, the CLI flag, the
// executor and the session layer (packages/mcp) all read them from here.

/** The current revision: stateless core (no initialize, no sessions), `server/discover`, per-request `_meta`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The 2025-era revisions (initialize handshake, sessions), newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];

/**
 * What a user may ask for: `auto` (try `server/discover`, fall back to the 2025 initialize handshake), an era
 * (`modern` = 2026-07-28, `legacy` = the 2025 handshake at the newest 2025 revision), or one exact revision.
 */
export const PROTOCOL_CHOICES = [
  'auto',
  'modern',
  'legacy',
  MODERN_PROTOCOL_VERSION,
  ...LEGACY_PROTOCOL_VERSIONS,
] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

/** A choice resolved to what the session layer does. */
export type ProtocolPlan =
  | { readonly era: 'auto' }
  | { readonly era: 'modern'; readonly version: typeof MODERN_PROTOCOL_VERSION }
  | { readonly era: 'legacy'; readonly version: LegacyProtocolVersion };

export function isProtocolChoice(value: string): value is ProtocolChoice {
  return (PROTOCOL_CHOICES as readonly string[]).includes(value);
}

/** `legacy` means the newest 2025 revision; `modern` the current one. */
export function planProtocol(choice: ProtocolChoice): ProtocolPlan {
  if (choice === 'auto') return { era: 'auto' };
  if (choice === 'modern' || choice === MODERN_PROTOCOL_VERSION)
    return { era: 'modern', version: MODERN_PROTOCOL_VERSION };
  if (choice === 'legacy') return { era: 'legacy', version: LEGACY_PROTOCOL_VERSIONS[0] };
  return { era: 'legacy', version: choice };
}

/** The era of a negotiated version string (what a session reports). */
export function eraOfVersion(version: string): 'modern' | 'legacy' {
  return version >= MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy';
}
