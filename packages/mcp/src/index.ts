export { createPacer, realPacerClock, type Pacer, type PacerClock } from './budget/pacer';
export { createInFlightLimiter, DEFAULT_MAX_IN_FLIGHT, type InFlightLimiter } from './budget/in-flight-limiter';
export {
  createMemoryCallBudget,
  type MemoryCallBudget,
  type MemoryCallBudgetOptions,
  type MemoryCallBudgetUsage,
} from './budget/memory-call-budget';
export * from './mock';
export * from './net';
export * from './audit';
export * from './session';
export * from './executor';
export * from './endpoint';
export * from './sandbox';
export * from './conformance';
export * from './oauth';
export * from './auth-posture';
export * from './surface';
export * from './monitor';
