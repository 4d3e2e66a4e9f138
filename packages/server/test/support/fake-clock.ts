import type { Clock } from '../../src/platform/clock.js';

/** A clock that only moves when a test says so. */
export class FakeClock implements Clock {
  private current = Date.now();

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
