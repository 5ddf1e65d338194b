// The one table of who may do what (permissions.ts): both doors read it, every entry is reachable from one of them,
// and docs/security.md shows it as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listServerActionModules } from '../../../../../test/isolation/inventory';
import { declaredEndpoints } from '@/server/api/endpoints/index';
import {
  LEAST_ROLE,
  OPERATIONS,
  includesPermission,
  mayReadUrl,
  permissionOfRole,
  permissionOfScopes,
  roleFor,
  type Operation,
} from './permissions';

/** Operations named by an orgAction call in the source of the 'use server' modules. */
function operationsOfActions(): Map<Operation, string[]> {
  const found = new Map<Operation, string[]>();
  for (const module of listServerActionModules()) {
    for (const match of readFileSync(module.absolute, 'utf8').matchAll(/orgAction\(\s*'(\w+)'/g)) {
      const operation = match[1] as Operation;
      found.set(operation, [...(found.get(operation) ?? []), module.file]);
    }
  }
  return found;
}

/** The markdown table docs/security.md must hold, built from the code. */
function renderTable(): string {
  const endpoints = declaredEndpoints();
  const actions = operationsOfActions();
  const rows = (Object.keys(OPERATIONS) as Operation[]).map((operation) => {
    const api = endpoints
      .filter((e) => e.operationId === operation)
      .map((e) => `\`${e.method} ${e.path}\``)
      .join(', ');
    const ui = actions.has(operation) ? 'yes' : '—';
    return `| \`${operation}\` | ${api || '—'} | ${ui} | ${OPERATIONS[operation]} | ${roleFor(operation)} |`;
  });
  return [
    '| Operation | REST API | Server action | Token scope | Least role |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

const normalize = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .replace(/\s*\|\s*/g, '|')
        .replace(/-{3,}/g, '---')
        .trim(),
    )
    .join('\n');

describe('the table of permissions', () => {
  it('gives every endpoint its scope and names only operations one of the doors does', () => {
    const endpoints = declaredEndpoints();
    for (const endpoint of endpoints)
      expect(endpoint.scope, endpoint.operationId).toBe(OPERATIONS[endpoint.operationId]);
    const actions = operationsOfActions();
    const unused = (Object.keys(OPERATIONS) as Operation[]).filter(
      (operation) => !actions.has(operation) && !endpoints.some((e) => e.operationId === operation),
    );
    expect(unused).toEqual([]);
    // Every orgAction names an operation of the table (TypeScript checks the name; this checks the scan saw them).
    expect([...actions.keys()].length).toBeGreaterThanOrEqual(25);
  });

  it('maps roles and scopes onto the same levels', () => {
    expect(permissionOfRole('VIEWER')).toBe('read');
    expect(permissionOfRole('MEMBER')).toBe('write');
    expect(permissionOfRole('ADMIN')).toBe('admin');
    expect(permissionOfRole('OWNER')).toBe('admin');
    for (const [permission, role] of Object.entries(LEAST_ROLE)) {
      expect(includesPermission(permissionOfRole(role), permission as keyof typeof LEAST_ROLE)).toBe(true);
    }
    expect(permissionOfScopes(['read', 'admin', 'run'])).toBe('admin');
    expect(permissionOfScopes([])).toBeUndefined();
    expect(includesPermission(undefined, 'read')).toBe(false);
  });

  it('shows URLs whole only to who may change them', () => {
    expect(mayReadUrl({ permission: 'read' }, 'server')).toBe(false);
    expect(mayReadUrl({ permission: 'run' }, 'server')).toBe(false);
    expect(mayReadUrl({ permission: 'write' }, 'server')).toBe(true);
    expect(mayReadUrl({ permission: 'write' }, 'webhook')).toBe(false);
    expect(mayReadUrl({ permission: 'admin' }, 'webhook')).toBe(true);
    expect(mayReadUrl({}, 'server')).toBe(false);
  });

  it('is the table docs/security.md shows ("Who may do what")', () => {
    const docs = readFileSync(new URL('../../../../../docs/security.md', import.meta.url), 'utf8');
    const table = renderTable();
    expect(normalize(docs), `docs/security.md should contain:\n${table}`).toContain(normalize(table));
  });
});
