/**
 * A sliding-window count of recent events per key, kept in this process's memory (bounded:
 * the oldest keys go first). For throttles where there is no row to count in the database,
 * say requests from one client address. Several processes each keep their own count.
 */
export class SlidingWindowCounter {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** How many events the key had in the window before `now`. */
  count(key: string, now: Date): number {
    const since = now.getTime() - this.windowMs;
    return (this.seen.get(key) ?? []).filter((t) => t > since).length;
  }

  /** Records an event for the key at `now`. */
  record(key: string, now: Date) {
    const since = now.getTime() - this.windowMs;
    const kept = (this.seen.get(key) ?? []).filter((t) => t > since);
    this.seen.delete(key);
    this.seen.set(key, [...kept, now.getTime()]);
    if (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value!);
  }
}
