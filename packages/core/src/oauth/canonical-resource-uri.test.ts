import { describe, expect, it } from 'vitest';
import { canonicalResourceUri, sameResource } from './canonical-resource-uri';

describe('canonicalResourceUri', () => {
  it.each([
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['HTTPS://MCP.Example.COM:443/mcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com', 'https://mcp.example.com/'],
    ['https://mcp.example.com/mcp#section', 'https://mcp.example.com/mcp'],
    ['http://127.0.0.1:8080/mcp?tenant=a', 'http://127.0.0.1:8080/mcp?tenant=a'],
    ['https://mcp.example.com/MCP', 'https://mcp.example.com/MCP'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalResourceUri(input)).toBe(expected);
  });

  it.each(['mcp.example.com/mcp', 'ftp://mcp.example.com/', '', 'javascript:alert(1)'])('refuses %j', (input) => {
    expect(canonicalResourceUri(input)).toBeUndefined();
  });
});

describe('sameResource', () => {
  it.each([
    ['https://a.example/mcp', 'HTTPS://A.EXAMPLE:443/mcp', true],
    ['https://a.example', 'https://a.example/', true],
    ['https://a.example/mcp', 'https://a.example/mcp/', false],
    ['https://a.example/mcp', 'https://a.example/', false],
    ['https://a.example/mcp', 'http://a.example/mcp', false],
    ['https://a.example/mcp', 'https://b.example/mcp', false],
    ['not a url', 'not a url', false],
  ])('%s vs %s: %s', (a, b, expected) => {
    expect(sameResource(a, b)).toBe(expected);
  });
});
