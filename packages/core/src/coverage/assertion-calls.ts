import type { LoadedAssertion } from '../suite/load-suite';

/** One tools/call an assertion will make: a setup step or the block's own tool. */
export interface PlannedCall {
  tool: string;
  /** `setup[0]`, `setup[1]`, ... or the block key (`assert`, `assert_sampling`, ...). */
  role: string;
}

/** The tool the block itself calls, if any (resources, prompts and completion blocks call none). */
export function blockTool(assertion: LoadedAssertion): string | undefined {
  switch (assertion.kind) {
    case 'assert':
    case 'assert_sampling':
    case 'assert_notifications':
    case 'assert_logging':
      return assertion.block.tool;
    case 'assert_resources':
    case 'assert_prompts':
    case 'assert_completion':
    case 'trajectory':
      return undefined;
  }
}

/** The tools/call requests an assertion makes, in order (none for trajectory assertions). */
export function plannedCalls(assertion: LoadedAssertion): PlannedCall[] {
  if (assertion.kind === 'trajectory') return [];
  const calls: PlannedCall[] = assertion.setup.map((step, i) => ({ tool: step.tool, role: `setup[${i}]` }));
  const tool = blockTool(assertion);
  if (tool !== undefined) calls.push({ tool, role: assertion.kind });
  return calls;
}
