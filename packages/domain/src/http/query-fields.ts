import { z } from 'zod';
import { queryTimeSchema } from './query.js';

/**
 * Building blocks of the device and fault queries and answers. Internal to the domain package
 * (index.ts does not export them): the resources' schemas are the public surface.
 */

/** An empty query parameter (`?status=`, as forms send) means the filter is not set. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
export const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'fieldInvalid' });
export const digits = (key: 'boxIdFormat' | 'stationRange' | 'positiveInteger', max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`), key);

export const keyword = z.string().trim().max(100, 'textTooLong');
export const ckCode = z.string().regex(/^\d{4}$/, 'ckCodeFormat');

export const timeRange = {
  from: optional(queryTimeSchema),
  to: optional(queryTimeSchema),
};

export const booleanText = z.enum(['true', 'false', '1', '0'], { error: 'booleanFormat' }).transform((value) => value === 'true' || value === '1');

export const epochMs = z.number().describe('epoch milliseconds');
