/** Where the scheduler (and anything timed) reads the time: injected, so tests and demos can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told: tests move it by hand to make work fall due. */
export type ManualClock = Clock & { set(date: Date): void; advance(ms: number): void };

export function manualClock(start: Date): ManualClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    set: (date) => {
      time = date.getTime();
    },
    advance: (ms) => {
      time += ms;
    },
  };
}
