/**
 * Lua scripts run atomically inside Redis, so concurrent replicas never read-then-write a stale value.
 * ioredis prefixes their KEYS like any other command's keys.
 */

/** INCRBY, then an expiry only if the key has none (a window counter is not extended by each hit). */
export const incrWithTtlScript = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if ttl > 0 and redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return value
`;

/**
 * Sliding-window log in a sorted set scored by Redis server time (replicas' clocks may disagree; the
 * server's is one clock). ARGV: limit, windowMs, a unique member. Returns {allowed, remaining, resetMs}.
 */
export const slidingWindowScript = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  allowed = 1
end
local reset = window
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
local remaining = limit - count
if remaining < 0 then remaining = 0 end
return { allowed, remaining, reset }
`;
