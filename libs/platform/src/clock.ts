/**
 * What time it is, as milliseconds since the epoch. Services inject CLOCK instead of calling Date.now(),
 * so tests move time (link expiry, schedules, retries) without sleeping.
 */
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol.for('pulse.Clock');
export const systemClock: Clock = { now: () => Date.now() };
