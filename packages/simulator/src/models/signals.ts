import { between, hash, hash3, smoothNoise, unit } from '../random.js';

/** Plant time follows the CK's default zone (Asia/Shanghai): the working day starts at 8 local. */
const LOCAL_OFFSET_HOURS = 8;
const DAY_MS = 86_400_000;

function localHour(ts: number): number {
  return (((ts / 3_600_000 + LOCAL_OFFSET_HOURS) % 24) + 24) % 24;
}

/**
 * How hard the plant works, 0.2..1: lowest around 3 at night, highest mid-afternoon, wandering
 * a little over tens of minutes as demand does.
 */
export function dailyLoad(key: number, ts: number): number {
  const cycle = 0.62 - 0.3 * Math.cos((2 * Math.PI * (localHour(ts) - 3)) / 24);
  return clamp(cycle + 0.08 * smoothNoise(key, ts, 600_000), 0.2, 1);
}

/** Outdoor air in °C: a per-site climate, coolest at dawn, warmest late afternoon, drifting by day. */
export function ambientTemperature(key: number, ts: number): number {
  const climate = between(key, 0xc11a, 2, 30);
  const daily = -6 * Math.cos((2 * Math.PI * (localHour(ts) - 5)) / 24);
  return climate + daily + 2 * smoothNoise(hash(key, 0xa1b), ts, DAY_MS / 4);
}

/** First-order lag: thermal masses approach their target with time constant `tauSeconds`. */
export function lag(current: number, target: number, dtSeconds: number, tauSeconds: number): number {
  return current + (target - current) * (1 - Math.exp(-dtSeconds / tauSeconds));
}

/** Moves toward a target by at most `maxStep`, as a drive ramps its speed. */
export function ramp(current: number, target: number, maxStep: number): number {
  return current + clamp(target - current, -maxStep, maxStep);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Measurement noise of one reading: ±`amplitude`, fresh at every sample. */
export function jitter(key: number, tick: number, channel: number, amplitude: number): number {
  return (unit(hash3(key, tick, channel)) * 2 - 1) * amplitude;
}

const HINT_CODE_PERIOD_MS = 300_000;

/** The 6-digit code a locked controller shows, renewed every five minutes. */
export function hintCode(key: number, ts: number): number {
  return 100_000 + Math.floor(unit(hash3(key, 0x41c7, Math.floor(ts / HINT_CODE_PERIOD_MS))) * 900_000);
}

/**
 * Injected trouble: a `creep` (a temperature or load rising past its alert limit and recovering) or
 * a `trip` (the controller stops on a fault code, which is reset later); how far through it is
 * (0..1), and its own key.
 */
export interface Episode {
  kind: 'creep' | 'trip';
  progress: number;
  key: number;
}

const EPISODE_WINDOW = 120;
/** The share of a trip episode the controller stays tripped; then the fault is reset and it restarts. */
const TRIPPED_SHARE = 0.6;

/**
 * Whether a controller is in an injected episode at this sample. Samples are grouped in windows;
 * a window holds one episode with probability `rate`, of a length and start drawn from its key.
 */
export function episodeAt(key: number, tick: number, rate: number): Episode | undefined {
  if (rate <= 0) return undefined;
  const window = Math.floor(tick / EPISODE_WINDOW);
  const episodeKey = hash3(key, 0xe915, window);
  if (unit(episodeKey) >= rate) return undefined;
  const length = 24 + (hash(episodeKey, 1) % 60);
  const offset = tick - window * EPISODE_WINDOW - (hash(episodeKey, 2) % (EPISODE_WINDOW - length));
  if (offset < 0 || offset >= length) return undefined;
  return { kind: hash(episodeKey, 3) % 2 === 0 ? 'creep' : 'trip', progress: offset / (length - 1), key: episodeKey };
}

/** How far a creeping value has risen toward its peak: up over most of the episode, then back; 0 outside one. */
export function creepShare(episode: Episode | undefined): number {
  if (episode?.kind !== 'creep') return 0;
  return episode.progress < 0.7 ? episode.progress / 0.7 : (1 - episode.progress) / 0.3;
}

/** The nonzero codes of a fault-code register's labels. */
export function faultCodes(labels: Record<number, unknown>): number[] {
  return Object.keys(labels)
    .map(Number)
    .filter((code) => code !== 0);
}

/** The fault code a trip episode shows while the controller is tripped; 0 otherwise. */
export function tripCode(episode: Episode | undefined, codes: readonly number[]): number {
  if (episode?.kind !== 'trip' || episode.progress >= TRIPPED_SHARE) return 0;
  return codes[hash(episode.key, 7) % codes.length]!;
}
