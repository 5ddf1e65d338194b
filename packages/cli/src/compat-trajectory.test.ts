import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkTrajectory, TraceSchema, TrajectorySchema } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPAT_DIR } from '../../../test/compat';

// mcp-assert's own CI runs `mcp-assert run --suite examples/trajectory` and requires every file to pass, so each
// file here is a passing example: its trace must satisfy its trajectory unchanged.
const dir = path.join(COMPAT_DIR, 'trajectory');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
  .sort();

describe('mcp-assert trajectory examples', () => {
  it('finds the corpus', () => {
    expect(files).toHaveLength(20);
  });

  it.each(files)('%s validates and passes', (file) => {
    const doc = parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
    const trace = TraceSchema.safeParse(doc.trace);
    const trajectory = TrajectorySchema.safeParse(doc.trajectory);
    expect(trace.error?.issues ?? []).toEqual([]);
    expect(trajectory.error?.issues ?? []).toEqual([]);
    if (!trace.success || !trajectory.success) return;

    expect(checkTrajectory(trace.data, trajectory.data)).toEqual({ ok: true });

    // The check can fail: with no calls recorded, any order / presence / args_contain assertion must fail.
    if (trajectory.data.some((a) => a.type !== 'absence')) {
      expect(checkTrajectory([], trajectory.data).ok).toBe(false);
    }
  });
});
