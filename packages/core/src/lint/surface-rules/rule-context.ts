import type { ExecPolicy } from '../../policy/exec-policy-schema';
import type { ServerSurface } from '../../surface/server-surface';
import type { SurfaceLintRuleId } from '../lint-surface';
import type { SurfaceItem, SurfaceLocation } from './surface-texts';

/** What a rule gets: the whole surface (some rules compare items), the policy's words, and where findings go. */
export interface RuleContext {
  surface: ServerSurface;
  items: readonly SurfaceItem[];
  policy: ExecPolicy;
  /** Names a reference to a tool may use without it being foreign: every name the surface lists, lower-cased. */
  knownNames: ReadonlySet<string>;
  emit(rule: SurfaceLintRuleId, location: SurfaceLocation, message: string, excerpt?: string): void;
}

/** A rule: a check of one item (run for every item in order), and/or of the surface as a whole (run last). */
export interface SurfaceRule {
  item?(item: SurfaceItem, context: RuleContext): void;
  surface?(context: RuleContext): void;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
