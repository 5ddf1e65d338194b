import { describe, expect, it } from 'vitest';
import { INVALID_PROBE_EXTRA_PROPERTY, invalidInputProbes } from './invalid-input-probes';

describe('invalidInputProbes', () => {
  it('leaves out the first required property and mistypes the first typed one', () => {
    const probes = invalidInputProbes({
      type: 'object',
      properties: { anything: {}, limit: { type: 'integer' }, q: { type: 'string' } },
      required: ['anything', 'limit', 'q'],
    });
    expect(probes).toEqual([
      {
        id: 'missing-required',
        description: 'required property "anything" left out',
        args: { limit: 1, q: 'example' },
      },
      {
        id: 'wrong-type',
        description: 'required property "limit" (integer) given "not-a-number"',
        args: { anything: 'example', limit: 'not-a-number', q: 'example' },
      },
    ]);
  });

  it.each<[string, unknown, unknown]>([
    ['string', 'string', 12345],
    ['number', 'number', 'not-a-number'],
    ['boolean', 'boolean', 'not-a-boolean'],
    ['array', 'array', 'not-an-array'],
    ['object', 'object', 'not-an-object'],
  ])('a required %s gets a value of another type', (_name, type, wrong) => {
    const probes = invalidInputProbes({ type: 'object', properties: { p: { type } }, required: ['p'] });
    expect(probes.find((probe) => probe.id === 'wrong-type')?.args).toEqual({ p: wrong });
  });

  it('adds an unexpected property only when additionalProperties is false', () => {
    const closed = invalidInputProbes({ type: 'object', properties: {}, additionalProperties: false });
    expect(closed).toEqual([
      expect.objectContaining({ id: 'unexpected-property', args: { [INVALID_PROBE_EXTRA_PROPERTY]: true } }),
    ]);
    expect(invalidInputProbes({ type: 'object', properties: {} })).toEqual([]);
  });

  it('makes nothing for a schema it cannot synthesize', () => {
    expect(invalidInputProbes({ type: 'object', properties: { n: { enum: [] } }, required: ['n'] })).toEqual([]);
    expect(invalidInputProbes(undefined)).toEqual([]);
  });
});
