// The retry rule alone, with a fake insert (the database races are in create-tenant.test.ts and, in the web app,
// create-project.test.ts and create-organization.test.ts).
import { describe, expect, it } from 'vitest';
import { createWithUniqueSlug } from './create-with-unique-slug';

const uniqueViolation = () =>
  Object.assign(new Error('Unique constraint failed on the fields: (`slug`)'), { code: 'P2002' });

/** An insert that fails with `errors` in turn, then succeeds; records the slugs it was given. */
function insert(errors: Error[]) {
  const slugs: string[] = [];
  const create = (slug: string) => {
    slugs.push(slug);
    const error = errors.shift();
    return error ? Promise.reject(error) : Promise.resolve({ slug });
  };
  return { slugs, create };
}

describe('createWithUniqueSlug', () => {
  it('takes the base when it is free, and suffixes it when taken', async () => {
    expect(await createWithUniqueSlug('acme', () => Promise.resolve(false), insert([]).create)).toEqual({
      slug: 'acme',
    });
    const taken = await createWithUniqueSlug('acme', (slug) => Promise.resolve(slug === 'acme'), insert([]).create);
    expect(taken.slug).toMatch(/^acme-[0-9a-f]{6}$/);
  });

  it('retries a unique violation with fresh suffixes, and gives up after three inserts', async () => {
    const twice = insert([uniqueViolation(), uniqueViolation()]);
    const created = await createWithUniqueSlug('acme', () => Promise.resolve(false), twice.create);
    expect(twice.slugs).toHaveLength(3);
    expect(twice.slugs[0]).toBe('acme');
    expect(new Set(twice.slugs).size).toBe(3);
    expect(created.slug).toBe(twice.slugs[2]);

    const always = insert([uniqueViolation(), uniqueViolation(), uniqueViolation()]);
    await expect(createWithUniqueSlug('acme', () => Promise.resolve(false), always.create)).rejects.toMatchObject({
      code: 'P2002',
    });
    expect(always.slugs).toHaveLength(3);
  });

  it('throws any other error at once', async () => {
    const other = insert([Object.assign(new Error('foreign key'), { code: 'P2003' })]);
    await expect(createWithUniqueSlug('acme', () => Promise.resolve(false), other.create)).rejects.toMatchObject({
      code: 'P2003',
    });
    expect(other.slugs).toEqual(['acme']);
  });
});
