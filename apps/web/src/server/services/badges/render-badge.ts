import { createHash } from 'node:crypto';
import { makeStatusBadgeData, renderBadgeSvg, type BadgeStatus, type HostedBadgeStyle } from '@mcptest/core';
import type { BadgeFormat } from '@mcptest/redis';

export interface RenderedBadge {
  body: string;
  /** Strong ETag: a hash of the exact bytes, quoted. */
  etag: string;
}

/**
 * Draws a hosted badge: SVG through badge-maker, or shields.io endpoint JSON (with the style, which shields applies
 * unless its own URL overrides it). `not found` is marked `isError` so shields keeps it grey.
 */
export function renderBadge(
  status: BadgeStatus,
  options: { format: BadgeFormat; style: HostedBadgeStyle; label?: string | undefined },
): RenderedBadge {
  const data = makeStatusBadgeData(status, options.label === undefined ? {} : { label: options.label });
  const body =
    options.format === 'svg'
      ? renderBadgeSvg(data, { style: options.style })
      : JSON.stringify({ ...data, style: options.style, ...(status.state === 'not found' ? { isError: true } : {}) });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}
