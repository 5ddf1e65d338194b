import { randomBytes } from 'node:crypto';

/** Inserts tried in all: the first slug, then fresh suffixes when concurrent requests took the ones before. */
const ATTEMPTS = 3;

/** True for Prisma's unique-constraint violation (P2002). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2002';
}

/**
 * Inserts a row whose slug must be unique: `base` when it is free, else `base` with a random suffix. The look-up and
 * the insert are not atomic, so two requests creating the same name both see the base free and one insert fails on
 * the unique slug (a 500 before); that insert is retried with a fresh suffix. Anything but a unique violation is
 * thrown at once, and so is the last one (not a loop forever if another unique constraint is what fails).
 */
export async function createWithUniqueSlug<T>(
  base: string,
  isTaken: (slug: string) => Promise<boolean>,
  create: (slug: string) => Promise<T>,
): Promise<T> {
  const suffixed = () => `${base}-${randomBytes(3).toString('hex')}`;
  let slug = (await isTaken(base)) ? suffixed() : base;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
      slug = suffixed();
    }
  }
}
