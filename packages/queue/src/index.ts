export { createRedis, pingRedis, redisKey, type Redis, type CreateRedisOptions } from './redis';
