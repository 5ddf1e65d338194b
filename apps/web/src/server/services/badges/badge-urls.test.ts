import { describe, expect, it } from 'vitest';
import { badgeUrls, projectBadgeUrls } from './badge-urls';

describe('badgeUrls', () => {
  it('builds the public SVG and JSON URLs under APP_URL', () => {
    expect(badgeUrls('https://mcptest.example', 'Ab_c-1')).toEqual({
      svgUrl: 'https://mcptest.example/api/badges/s/Ab_c-1.svg',
      jsonUrl: 'https://mcptest.example/api/badges/s/Ab_c-1.json',
      statusUrl: 'https://mcptest.example/status/Ab_c-1',
    });
    expect(projectBadgeUrls('http://localhost:3000/', 'key')).toEqual({
      svgUrl: 'http://localhost:3000/api/badges/p/key.svg',
      jsonUrl: 'http://localhost:3000/api/badges/p/key.json',
    });
  });
});
