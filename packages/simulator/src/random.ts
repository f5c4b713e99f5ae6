/**
 * Stateless randomness: every draw is a hash of the seed-derived key and what it is for (a tick,
 * a time bucket, a register), so a reading depends on the seed and the box's own history only,
 * never on how many other boxes drew before it, and no box carries a generator around.
 */

/** Mixes two 32-bit integers into one (the murmur3 finalizer over a combined word). */
export function hash(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) ^ (b >>> 7);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hash3(a: number, b: number, c: number): number {
  return hash(hash(a, b), c);
}

/** A hash as a number in [0, 1). */
export function unit(h: number): number {
  return h / 4294967296;
}

/** A hash as a number in [-1, 1). */
export function signedUnit(h: number): number {
  return unit(h) * 2 - 1;
}

/** FNV-1a of a text, to turn a box id into a key. */
export function textKey(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) h = Math.imul(h ^ text.charCodeAt(index), 0x01000193);
  return h >>> 0;
}

/** A uniform draw in [min, max) for a constant of one unit (its size, its climate, its history). */
export function between(key: number, purpose: number, min: number, max: number): number {
  return min + unit(hash(key, purpose)) * (max - min);
}

/**
 * Smooth noise in [-1, 1]: random knots every `periodMs`, eased between, so a value wanders
 * over minutes instead of jumping from one reading to the next.
 */
export function smoothNoise(key: number, ts: number, periodMs: number): number {
  const position = ts / periodMs;
  const knot = Math.floor(position);
  const ease = (1 - Math.cos(Math.PI * (position - knot))) / 2;
  const from = signedUnit(hash(key, knot));
  const to = signedUnit(hash(key, knot + 1));
  return from + (to - from) * ease;
}
