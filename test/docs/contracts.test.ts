// docs/contracts.md is the repository's own index of what it promises to the outside; the contracts once lived in a
// design file outside the checkout. This keeps the index complete and the docs free of references to that file.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const contracts = readFileSync('docs/contracts.md', 'utf8');

describe('docs/contracts.md', () => {
  it.each([
    ['Suite format', 'suite-format.md'],
    ['Suite format', 'suite-reference.md'],
    ['Execution safety policy', 'exec-policy.md'],
    ['CLI', 'cli.md'],
    ['REST API', 'api.md'],
    ['Badges', 'badges.md'],
    ['Webhooks', 'webhooks.md'],
    ['The MCP endpoint (`/api/mcp`)', 'mcp-endpoint.md'],
  ])('has a "%s" section linking %s', (heading, page) => {
    const section = contracts.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
    expect(section, `section ${heading}`).toBeDefined();
    expect(section).toContain(`](${page}`);
  });

  it('states the versioning rule', () => {
    expect(contracts).toMatch(/^## Versioning rule$/m);
    expect(contracts).toContain('/api/v2');
  });

  it('is the only home: no doc refers to the design file outside the repository', () => {
    const pages = ['README.md', ...readdirSync('docs').map((name) => `docs/${name}`)].filter((f) => f.endsWith('.md'));
    for (const page of pages) expect(readFileSync(page, 'utf8'), page).not.toMatch(/DESIGN\.md|\.\.\/shared\//);
  });
});
