/** The API's sense of time; tests and the ops tools move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The system clock moved by an offset: the ops tools "move the clock forward" outside
 * production so deadlines can be seen passing. The offset is kept in app_settings, which every
 * instance follows (server/lib/clock-store.ts).
 */
export class AdjustableClock implements Clock {
  private changes = 0;
  constructor(private offsetMs = 0) {}
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  get offset() {
    return this.offsetMs;
  }
  /** How many times the offset was set: a reader of the stored offset that raced a change knows to drop what it read. */
  get version() {
    return this.changes;
  }
  setOffset(ms: number) {
    this.offsetMs = ms;
    this.changes += 1;
  }
}
