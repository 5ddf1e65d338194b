import { describe, expect, it } from 'vitest';
import { politenessHostKey } from './politeness-host-key';

describe('politenessHostKey', () => {
  it('is the lowercased hostname, whatever the port', () => {
    expect(politenessHostKey('https://API.Example.COM:8443/mcp')).toBe('api.example.com');
    expect(politenessHostKey('http://api.example.com/mcp')).toBe('api.example.com');
    expect(politenessHostKey(new URL('http://127.0.0.1:3001/sse'))).toBe('127.0.0.1');
  });

  it('drops IPv6 brackets and a trailing dot', () => {
    expect(politenessHostKey('http://[::1]:8080/mcp')).toBe('::1');
    expect(politenessHostKey('http://[2001:DB8::0001]/')).toBe('2001:db8::1');
    expect(politenessHostKey('https://example.com./x')).toBe('example.com');
  });

  it('keeps different names of one machine apart', () => {
    expect(politenessHostKey('http://localhost:1/')).not.toBe(politenessHostKey('http://127.0.0.1:1/'));
  });

  it('has no host for data: URLs and throws on relative ones', () => {
    expect(politenessHostKey('data:text/plain,hi')).toBeUndefined();
    expect(() => politenessHostKey('/relative')).toThrow(TypeError);
  });
});
