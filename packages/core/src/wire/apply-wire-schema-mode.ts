import type { AssertionStatus } from '../result/run-result';
import { formatWireFinding, type WireFinding, type WireSchemaMode } from './wire-finding';

export interface WireModeOutcome {
  status: AssertionStatus;
  detail: string;
}

/**
 * What wire findings do to an assertion's outcome: `warn` and `off` leave it as it is (warn keeps the findings beside
 * it), `strict` turns a PASS with findings into a FAIL whose reason is the findings. A FAIL keeps its own reason (the
 * findings stay listed); a SKIP stays a SKIP, since what was skipped was not the server's doing.
 */
export function applyWireSchemaMode(
  outcome: WireModeOutcome,
  findings: readonly WireFinding[],
  mode: WireSchemaMode,
): WireModeOutcome {
  if (mode !== 'strict' || findings.length === 0 || outcome.status !== 'PASS') return outcome;
  const shown = findings.slice(0, 3).map(formatWireFinding);
  const more = findings.length > shown.length ? [`(and ${findings.length - shown.length} more)`] : [];
  return {
    status: 'FAIL',
    detail: [`wire_schema strict: ${findings.length} schema violation(s)`, ...shown, ...more].join('\n'),
  };
}
