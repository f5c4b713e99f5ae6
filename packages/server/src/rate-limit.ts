import type { Redis } from 'ioredis';

/** How often a key was hit in its current fixed window, and when that window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Counters in fixed windows: the first hit of a key opens a window of `windowMs`, later hits
 * count into it until it ends. In memory for one server; in Redis so that several server
 * instances share the counts.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

const EMPTY: WindowCount = { count: 0, resetInMs: 0 };

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    const window = current && current.endsAt > now ? current : { count: 0, endsAt: now + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { count: window.count, resetInMs: window.endsAt - now } : EMPTY;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Drops ended windows now and then, so a flood of one-off keys does not grow the map forever. */
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** INCR and the window's expiry in one step, so that no key is ever left without an expiry. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<WindowCount> {
    const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
    return count === null || ttl <= 0 ? EMPTY : { count: Number(count), resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
