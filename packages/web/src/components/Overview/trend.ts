import type { FaultRecordView } from '@cloudbox/domain';

export interface HourBucket {
  /** Start of the hour, epoch ms. */
  t: number;
  alert: number;
  fault: number;
}

const HOUR = 3_600_000;

/** Records opened in each of the last `hours` hours (the current one last), by severity. */
export function faultsPerHour(records: readonly Pick<FaultRecordView, 'severity' | 'started_at'>[], now: number, hours = 24): HourBucket[] {
  const current = Math.floor(now / HOUR) * HOUR;
  const first = current - (hours - 1) * HOUR;
  const buckets = Array.from({ length: hours }, (_, index) => ({ t: first + index * HOUR, alert: 0, fault: 0 }));
  for (const record of records) {
    const index = Math.floor((new Date(record.started_at).getTime() - first) / HOUR);
    if (index >= 0 && index < hours) buckets[index]![record.severity]++;
  }
  return buckets;
}
