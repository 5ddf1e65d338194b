export { createRedis, pingRedis, redisKey, type Redis, type CreateRedisOptions } from './redis';
export {
  createRedisCallBudget,
  runBudgetKey,
  tenantDailyBudgetKey,
  DAILY_BUDGET_KEY_GRACE_MS,
  RUN_BUDGET_KEY_TTL_MS,
  type RedisCallBudget,
  type RedisCallBudgetOptions,
  type RedisCallBudgetUsage,
} from './budget/redis-call-budget';
