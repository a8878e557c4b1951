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
 * production so deadlines can be seen passing. The offset is kept in app_settings.
 */
export class AdjustableClock implements Clock {
  constructor(private offsetMs = 0) {}
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  get offset() {
    return this.offsetMs;
  }
  setOffset(ms: number) {
    this.offsetMs = ms;
  }
}
