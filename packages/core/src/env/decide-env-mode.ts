import { defaultAppUrl, isLoopbackUrl } from './app-url';

/**
 * Which development defaults a process may use. They are: the fixed encryption key and auth secret (public, they are
 * in this repository), the development sign-in (anyone signs in as anyone), and loopback as a reachable private
 * network (tenants' URLs may reach services on the host). Harmless on a developer's machine, dangerous anywhere else.
 */
export interface EnvMode {
  production: boolean;
  /** The development defaults may be used: APP_URL is loopback (or the operator opted in outside production). */
  devDefaults: boolean;
  /** Why they may not, for error messages ("APP_URL … is not a loopback URL", "… is 0"). */
  reason: string | undefined;
}

/**
 * "1" keeps the development defaults on a non-loopback APP_URL (a trusted network; never in production); "0" turns
 * them off even on a loopback one (the container images set it, so a forgotten APP_URL never means public secrets).
 */
export const DEV_DEFAULTS_OPT_IN = 'MCPTEST_ALLOW_DEV_DEFAULTS';

/**
 * Decides the mode from the raw environment, before it is parsed (the schema's defaults depend on it). What decides is
 * where the app is served, not how it was built: a loopback APP_URL (the default, `http://localhost:$PORT`) means
 * nobody else can reach it, so the development defaults apply there, also under a production build (`npm start` serves
 * one on this machine), unless MCPTEST_ALLOW_DEV_DEFAULTS=0. Any other APP_URL gets them only outside production with
 * MCPTEST_ALLOW_DEV_DEFAULTS=1: an operator's real deployment (production, public APP_URL) never does. Pure: the caller
 * passes the record.
 */
export function decideEnvMode(source: Record<string, string | undefined>): EnvMode {
  const production = source.NODE_ENV === 'production';
  const appUrl = source.APP_URL || defaultAppUrl(source.PORT || undefined);
  const optIn = source[DEV_DEFAULTS_OPT_IN];
  if (optIn === '0') {
    return { production, devDefaults: false, reason: `${DEV_DEFAULTS_OPT_IN} is 0` };
  }
  if (isLoopbackUrl(appUrl)) return { production, devDefaults: true, reason: undefined };
  if (production) {
    return { production, devDefaults: false, reason: `NODE_ENV is production and APP_URL ${appUrl} is not loopback` };
  }
  if (optIn === '1') return { production, devDefaults: true, reason: undefined };
  return {
    production,
    devDefaults: false,
    reason: `APP_URL ${appUrl} is not a loopback URL (${DEV_DEFAULTS_OPT_IN}=1 keeps the development defaults there)`,
  };
}
