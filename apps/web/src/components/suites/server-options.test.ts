import { describe, expect, it } from 'vitest';
import { defaultServer, serverOptionLabel, serverWhere, type SuiteFormServer } from './server-options';

const staging: SuiteFormServer = {
  id: 's1',
  name: 'weather',
  url: 'https://user:pw@staging.example.com/mcp?k=1',
  discovered: false,
};
const production: SuiteFormServer = { id: 's2', name: 'weather', url: 'https://api.example.com/mcp', discovered: true };

describe('the suite form’s server options', () => {
  it('tells servers of one name apart by host and path, without credentials or query', () => {
    expect(serverWhere(staging.url)).toBe('staging.example.com/mcp');
    expect(serverWhere('http://127.0.0.1:3001/')).toBe('127.0.0.1:3001');
    expect(serverOptionLabel(staging)).toBe('weather — staging.example.com/mcp (not discovered)');
    expect(serverOptionLabel(production)).toBe('weather — api.example.com/mcp');
    expect(serverOptionLabel(staging)).not.toBe(serverOptionLabel({ ...staging, url: production.url }));
  });

  it.each([
    {
      servers: [staging, production],
      wanted: undefined,
      id: 's2',
      why: 'the discovered one over an earlier undiscovered',
    },
    { servers: [staging, production], wanted: 's1', id: 's1', why: 'the one the link names' },
    { servers: [staging, production], wanted: 'other', id: 's2', why: 'an unknown id falls back to the discovered' },
    { servers: [staging], wanted: undefined, id: 's1', why: 'the only one, even undiscovered' },
  ])('preselects $why', ({ servers, wanted, id }) => {
    expect(defaultServer(servers, wanted)?.id).toBe(id);
  });

  it('preselects nothing when there is no server', () => {
    expect(defaultServer([])).toBeUndefined();
  });
});
