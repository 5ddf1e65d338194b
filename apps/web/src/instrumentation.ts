// Next.js calls register() once when the server starts (`next start`, `next dev`; never during `next build`): the
// environment is checked then, so a deployment with a missing secret, or a development default where none is allowed
// (docs/security.md, "Development defaults"), refuses to start, listing every problem, instead of failing on its first
// request.
export async function register(): Promise<void> {
  const { env } = await import('./env');
  env();
}
