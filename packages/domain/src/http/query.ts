import { z } from 'zod';

/** What every list's query string shares: paging and times. */

/** Years 1 to 9999: what both a Date and the database hold, written with four digits. */
const TIME_LIMITS = { min: Date.parse('0001-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59.999Z') };

/**
 * A time in a query string: epoch milliseconds, or ISO 8601 with an offset (never a local time),
 * within those years: `from=99999999999999999999` is no time at all.
 */
export const queryTimeSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const time = /^\d+$/.test(value) ? Number(value) : /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(time) || time < TIME_LIMITS.min || time > TIME_LIMITS.max) {
      ctx.addIssue({ code: 'custom', message: 'timeFormat' });
      return z.NEVER;
    }
    return new Date(time);
  });

const pageNumber = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'positiveInteger')
    .transform(Number)
    .pipe(z.number().int().min(1, 'positiveInteger').max(max, 'pageSizeTooLarge'))
    .default(fallback);

/** Paging of every list: `page` from 1, `page_size` up to 500. */
export const pageQuerySchema = z.object({
  page: pageNumber(1, Number.MAX_SAFE_INTEGER),
  page_size: pageNumber(20, 500),
});

export interface Page<T> {
  total: number;
  items: T[];
}
