import { describe, expect, it } from 'vitest';
import { faultsPerHour } from './trend';

describe('fault trend', () => {
  it('counts records opened per hour of the last day by severity, ignoring older ones', () => {
    const now = Date.UTC(2026, 10, 22, 10, 30);
    const at = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const buckets = faultsPerHour(
      [
        { severity: 'alert', started_at: at(0) },
        { severity: 'fault', started_at: at(0.2) },
        { severity: 'alert', started_at: at(5) },
        { severity: 'alert', started_at: at(30) },
      ],
      now,
    );
    expect(buckets).toHaveLength(24);
    expect(buckets.at(-1)).toEqual({ t: Date.UTC(2026, 10, 22, 10), alert: 1, fault: 1 });
    expect(buckets.at(-6)).toEqual({ t: Date.UTC(2026, 10, 22, 5), alert: 1, fault: 0 });
    expect(buckets.reduce((sum, bucket) => sum + bucket.alert + bucket.fault, 0)).toBe(3);
  });
});
