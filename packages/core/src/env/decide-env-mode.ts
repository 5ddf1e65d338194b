import { defaultAppUrl, isLoopbackUrl } from './app-url';

/**
 * Which development defaults a process may use. They are: the fixed encryption key and auth secret (public, they are
 * in this repository), the development sign-in (anyone signs in as anyone), and loopback as a reachable private
 * network (tenants' URLs may reach services on the host). Harmless on a developer's machine, dangerous anywhere else.
 */
export interface EnvMode {
  production: boolean;
  /** The development defaults may be used: not production, and APP_URL is loopback or the operator opted in. */
  devDefaults: boolean;
  /** Why they may not, for error messages ("NODE_ENV is production", "APP_URL … is not a loopback URL"). */
  reason: string | undefined;
}

/** The variable that keeps the development defaults on a non-loopback APP_URL (a trusted network); never production. */
export const DEV_DEFAULTS_OPT_IN = 'MCPTEST_ALLOW_DEV_DEFAULTS';

/**
 * Decides the mode from the raw environment, before it is parsed (the schema's defaults depend on it). Production never
 * gets the development defaults; otherwise a loopback APP_URL (the default, `http://localhost:$PORT`) does, and any
 * other APP_URL does only with MCPTEST_ALLOW_DEV_DEFAULTS=1. Pure: the caller passes the record.
 */
export function decideEnvMode(source: Record<string, string | undefined>): EnvMode {
  const production = source.NODE_ENV === 'production';
  if (production) return { production, devDefaults: false, reason: 'NODE_ENV is production' };
  const appUrl = source.APP_URL || defaultAppUrl(source.PORT || undefined);
  if (isLoopbackUrl(appUrl) || source[DEV_DEFAULTS_OPT_IN] === '1') {
    return { production, devDefaults: true, reason: undefined };
  }
  return {
    production,
    devDefaults: false,
    reason: `APP_URL ${appUrl} is not a loopback URL (${DEV_DEFAULTS_OPT_IN}=1 keeps the development defaults there)`,
  };
}
