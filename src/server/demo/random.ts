/**
 * A small seeded random source for the demo data: the same seed gives the same data, byte for byte,
 * so demos, screenshots and benchmarks are reproducible.
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Picks by weight: `[['active', 9], ['locked', 1]]`. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
  /** `count` distinct items, in the list's order. */
  some: <T>(items: readonly T[], count: number) => T[];
  /** A UUIDv7 whose timestamp is `ms` (ids sort like their records' creation) and whose random bits come from the seed. */
  uuid: (ms: number) => string;
  digits: (count: number) => string;
};

/** sfc32: fast, 128-bit state, good enough statistics for fake data; not for secrets. */
export function createRandom(seed: number): Random {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b);
  let c = 0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35);
  let d = 1;
  const raw = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The first outputs of a freshly seeded sfc32 are correlated with the seed: discard them.
  for (let i = 0; i < 16; i++) raw();

  const next = () => raw() / 4_294_967_296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1][0];
    },
    some(items, count) {
      if (count >= items.length) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(Math.floor(next() * items.length));
      return [...chosen].sort((x, y) => x - y).map((i) => items[i]);
    },
    uuid(ms) {
      const time = hex(Math.max(0, Math.floor(ms)), 12);
      const r1 = raw();
      const r2 = raw();
      const r3 = raw();
      // version 7 in the 13th hex digit, variant 10xx in the 17th.
      return (
        `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(r1 & 0xfff, 3)}-` +
        `${hex(0x8000 | ((r1 >>> 12) & 0x3fff), 4)}-${hex(r2, 8)}${hex(r3 & 0xffff, 4)}`
      );
    },
    digits: (count) => Array.from({ length: count }, () => String(Math.floor(next() * 10))).join(''),
  };
}
