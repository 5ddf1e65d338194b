// The Auth.js instance of the web app. The config is built per call (not at import) so `next build` can import this
// module without production secrets, and env() / the database pool are only touched when someone signs in.
import { PrismaAdapter } from '@auth/prisma-adapter';
import NextAuth from 'next-auth';
import { applyAuthUrl, env } from './env';
import { buildAuthConfig } from './server/auth/build-auth-config';
import { getDb } from './server/db';
import { getLogger } from './server/logger';

export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const config = env();
  // Before Auth.js reads its URL: from APP_URL, never from request headers (unless the operator trusts a proxy).
  applyAuthUrl(config);
  return buildAuthConfig({
    env: config,
    // Database.global exposes exactly the Auth.js tables (user, account, session, verificationToken); the adapter's
    // parameter is typed as the whole @prisma/client, which packages/db alone may import, hence the cast.
    adapter: PrismaAdapter(getDb().global as unknown as Parameters<typeof PrismaAdapter>[0]),
    logger: getLogger(config.LOG_LEVEL),
  });
});
