const UNITS: readonly { seconds: number; one: string; many: string }[] = [
  { seconds: 86_400, one: 'day', many: 'days' },
  { seconds: 3_600, one: 'h', many: 'h' },
  { seconds: 60, one: 'min', many: 'min' },
];

/**
 * A duration in seconds for people: the largest unit that divides it exactly ("5 s", "90 s", "5 min", "90 min",
 * "1 h", "1 day", "2 days"), so a value is never rounded into something it is not (90 s stays "90 s", not "2 min").
 * Fractions of a second keep up to three decimals ("0.5 s"); anything that is not a finite number >= 0 is shown as is.
 */
export function formatInterval(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return `${String(seconds)} s`;
  for (const unit of UNITS) {
    if (seconds >= unit.seconds && seconds % unit.seconds === 0) {
      const n = seconds / unit.seconds;
      return `${n} ${n === 1 ? unit.one : unit.many}`;
    }
  }
  return `${Math.round(seconds * 1000) / 1000} s`;
}
