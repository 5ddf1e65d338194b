import { describe, expect, it } from 'vitest';
import { shouldUseColor } from './should-use-color';

describe('shouldUseColor', () => {
  it.each([
    { isTTY: true, env: {}, color: true },
    { isTTY: false, env: {}, color: false },
    { isTTY: undefined, env: {}, color: false },
    { isTTY: true, env: { NO_COLOR: '1' }, color: false },
    { isTTY: true, env: { NO_COLOR: '0' }, color: false },
    { isTTY: true, env: { NO_COLOR: 'false' }, color: false },
    { isTTY: true, env: { NO_COLOR: '' }, color: true },
    { isTTY: true, env: { TERM: 'dumb' }, color: false },
    { isTTY: true, env: { TERM: 'xterm-256color' }, color: true },
    { isTTY: false, env: { FORCE_COLOR: '1' }, color: true },
    { isTTY: false, env: { FORCE_COLOR: '' }, color: true },
    { isTTY: false, env: { FORCE_COLOR: '3' }, color: true },
    { isTTY: false, env: { FORCE_COLOR: '1', TERM: 'dumb' }, color: true },
    { isTTY: true, env: { FORCE_COLOR: '0' }, color: false },
    { isTTY: true, env: { FORCE_COLOR: 'false' }, color: false },
    { isTTY: true, env: { FORCE_COLOR: '1', NO_COLOR: '1' }, color: false },
  ])('isTTY=$isTTY env=$env -> $color', ({ isTTY, env, color }) => {
    expect(shouldUseColor({ isTTY, env })).toBe(color);
  });
});
