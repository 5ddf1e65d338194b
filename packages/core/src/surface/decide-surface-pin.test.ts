import { describe, expect, it } from 'vitest';
import { diffSurface } from './diff-surface';
import { decideSurfacePin, surfacePinFor, type DecideSurfacePinInput } from './decide-surface-pin';
import type { ServerSurface } from './server-surface';

const surface = (description: string): ServerSurface => ({
  format: 1,
  serverInfo: { name: 's', version: '1' },
  protocolVersion: '2025-11-25',
  instructions: null,
  tools: [{ name: 'search', description }],
  toolsTruncated: false,
  resources: [],
  resourceTemplates: [],
  prompts: [],
});

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const diff = diffSurface(surface('one'), surface('two'));

describe('surfacePinFor', () => {
  it.each([
    ['no suite pin, project OFF', undefined, 'OFF', null],
    ['no suite pin, project WARN', undefined, 'WARN', { mode: 'warn', source: 'project' }],
    ['no suite pin, project FAIL', undefined, 'FAIL', { mode: 'fail', source: 'project' }],
    [
      'suite fail wins over project WARN',
      { surface: 'approved', onChange: 'fail' },
      'WARN',
      { mode: 'fail', source: 'suite' },
    ],
    [
      'suite warn wins over project FAIL',
      { surface: 'approved', onChange: 'warn' },
      'FAIL',
      { mode: 'warn', source: 'suite' },
    ],
    ['suite pin with project OFF', { surface: 'approved', onChange: 'fail' }, 'OFF', { mode: 'fail', source: 'suite' }],
  ] as const)('%s', (_name, suitePin, projectPin, expected) => {
    expect(surfacePinFor(suitePin, projectPin)).toEqual(expected);
  });
});

describe('decideSurfacePin', () => {
  const cases: [string, DecideSurfacePinInput, string, 'PASS' | 'FAIL' | 'SKIP', RegExp][] = [
    [
      'approved, fail',
      { mode: 'fail', source: 'suite', hash: A, approvedHash: A, diffFromApproved: null },
      'ok',
      'PASS',
      /^the approved surface \(aaaaaaaaaaaa\)$/,
    ],
    [
      'changed, fail',
      { mode: 'fail', source: 'suite', hash: B, approvedHash: A, diffFromApproved: diff },
      'changed',
      'FAIL',
      /^the server's surface differs from the approved one \(approved aaaaaaaaaaaa, now bbbbbbbbbbbb\): tools changed: search \(description\); review/,
    ],
    [
      'changed, warn',
      { mode: 'warn', source: 'project', hash: B, approvedHash: A, diffFromApproved: diff },
      'changed',
      'PASS',
      /^warning: the server's surface differs.*tools changed: search.*\(pin: warn\)$/,
    ],
    [
      'changed, approved snapshot unknown',
      { mode: 'fail', source: 'suite', hash: B, approvedHash: A, diffFromApproved: null },
      'changed',
      'FAIL',
      /now bbbbbbbbbbbb\); review/,
    ],
    [
      'unapproved, fail',
      { mode: 'fail', source: 'suite', hash: B, approvedHash: null, diffFromApproved: null },
      'unapproved',
      'SKIP',
      /^no approved surface: approve one on the server page$/,
    ],
    [
      'unapproved, warn',
      { mode: 'warn', source: 'project', hash: B, approvedHash: null, diffFromApproved: null },
      'unapproved',
      'SKIP',
      /^no approved surface/,
    ],
  ];
  it.each(cases)('%s', (_name, input, verdict, status, detail) => {
    const decision = decideSurfacePin(input);
    expect(decision.pin.verdict).toBe(verdict);
    expect(decision.pin.mode).toBe(input.mode);
    expect(decision.pin.source).toBe(input.source);
    expect(decision.result.name).toBe('surface pin');
    expect(decision.result.status).toBe(status);
    expect(decision.result.detail).toMatch(detail);
    expect(decision.pin.summary).toBe(
      verdict === 'changed' && input.diffFromApproved ? 'tools changed: search (description)' : null,
    );
  });
});
