import { z } from 'zod';

/** The web app's port when PORT is unset (`next dev`/`next start` and `npm start` agree on it). */
export const DEFAULT_APP_PORT = 3000;

/**
 * APP_URL when it is unset: the web app on this machine at PORT. The one home of this default: the web app and the
 * worker (which `npm start` gives the same PORT) both use it, so links, badge URLs and run URLs follow a changed PORT.
 */
export function defaultAppUrl(port: string | undefined): string {
  const value = port !== undefined && /^\d{1,5}$/.test(port) ? Number(port) : DEFAULT_APP_PORT;
  return `http://localhost:${value}`;
}

/** APP_URL, the public base URL of the web app, without a trailing slash; defaults to `defaultAppUrl(PORT)`. */
export function appUrlSchema(source: Record<string, string | undefined>) {
  return z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .default(defaultAppUrl(source.PORT || undefined))
    .transform((v) => v.replace(/\/+$/, ''));
}

/**
 * Whether a URL names this machine only (localhost, *.localhost, 127.0.0.0/8, ::1): nobody else can reach an app
 * served there, so development defaults are harmless. Anything else, or something that is not a URL, is not.
 */
export function isLoopbackUrl(text: string): boolean {
  let host: string;
  try {
    host = new URL(text).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  // WHATWG URL parsing has already normalised IPv4 forms (127.1, 0x7f.0.0.1, 2130706433) to dotted quads.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
