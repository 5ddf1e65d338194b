export interface ColorEnvironment {
  /** Whether the stream the report is written to is a terminal (`process.stdout.isTTY` or `stderr`'s). */
  isTTY: boolean | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Whether terminal output gets ANSI colour. In order:
 * 1. `NO_COLOR` set to any non-empty value (https://no-color.org) turns colour off, whatever else is set; an empty
 *    value is ignored, as that page specifies.
 * 2. `FORCE_COLOR` forces colour on, also when piped or with TERM=dumb (CI logs that render ANSI), except that
 *    `FORCE_COLOR=0` or `false` forces it off (the convention of Node and supports-color).
 * 3. `TERM=dumb` turns colour off.
 * 4. Otherwise colour only on a TTY, so piped output and files stay plain.
 * Node itself lets FORCE_COLOR outrank NO_COLOR; we let the user's standing opt-out win.
 */
export function shouldUseColor({ isTTY, env }: ColorEnvironment): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY === true;
}
