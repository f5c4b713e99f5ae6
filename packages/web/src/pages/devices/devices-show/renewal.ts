import dayjs from 'dayjs';

export type RenewalState = 'expired' | 'this_month' | 'next_month';

/** Whether a box's SIM service needs renewing: expired, or expiring this or next month. */
export function renewalState(expiryDate: string | null, today: Date = new Date()): RenewalState | null {
  if (!expiryDate) return null;
  const expiry = dayjs(expiryDate);
  if (!expiry.isValid()) return null;
  const now = dayjs(today);
  if (expiry.isBefore(now, 'day')) return 'expired';
  if (expiry.isSame(now, 'month')) return 'this_month';
  if (expiry.isSame(now.add(1, 'month'), 'month')) return 'next_month';
  return null;
}
