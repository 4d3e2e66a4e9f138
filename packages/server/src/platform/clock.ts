/** The time source of every rule with a deadline, so tests can move time instead of sleeping. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
