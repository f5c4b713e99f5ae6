import { z } from 'zod';
import { boxIdParamSchema } from '../boxes/box.js';
import { pageQuerySchema, queryTimeSchema } from '../http/query.js';
import { missingOrInvalid, validateCkCode } from '../validation.js';
import { checked, isoTimeSchema, numberInput } from '../validation-schemas.js';

/** The /smartbox maintenance of boxes: moving them to another company, deleting abandoned ones, clearing fault records. */

/** Boxes one call may move or delete: what a page of the screen can select. */
export const MAX_BOXES_PER_CALL = 500;

const boxIds = z
  .array(boxIdParamSchema, { error: missingOrInvalid })
  .min(1, 'boxPropertiesBoxesRequired')
  .max(MAX_BOXES_PER_CALL, 'boxPropertiesTooManyBoxes')
  .transform((ids) => [...new Set(ids)]);

/** POST /box-properties/ck-moves: these boxes go to the company `ck` (which must exist). */
export const moveBoxesSchema = z.object({ box_ids: boxIds, ck: checked(validateCkCode, { trim: true }) });
export type MoveBoxes = z.output<typeof moveBoxesSchema>;

export const boxCkMoveQuerySchema = pageQuerySchema.extend({
  /** Part of the box id, or a CK code it left or joined. */
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
});
export type BoxCkMoveQuery = z.output<typeof boxCkMoveQuerySchema>;

export const boxCkMoveSchema = z.object({
  id: z.number().int(),
  box_id: z.string(),
  from_ck: z.string(),
  to_ck: z.string(),
  /** Who moved it; null once that account is deleted. */
  moved_by: z.string().nullable(),
  created_at: isoTimeSchema,
});
export type BoxCkMove = z.infer<typeof boxCkMoveSchema>;

/** Silence after which a box counts as abandoned, in days: the screen's default and bounds. */
export const ABANDONED_DAYS = { default: 90, min: 1, max: 3650 } as const;

const days = numberInput(
  z.number({ error: missingOrInvalid }).int('positiveInteger').min(ABANDONED_DAYS.min, 'positiveInteger').max(ABANDONED_DAYS.max, 'boxPropertiesDaysRange'),
);

/** GET /box-properties/abandoned: boxes never connected, or silent for `days`. */
export const abandonedQuerySchema = pageQuerySchema.extend({ days: days.default(ABANDONED_DAYS.default) });
export type AbandonedQuery = z.output<typeof abandonedQuerySchema>;

export const abandonedBoxSchema = z.object({
  id: z.string(),
  ck: z.string(),
  owner_unit: z.string(),
  model: z.string(),
  registered_at: isoTimeSchema,
  /** null: never connected. */
  last_seen_at: isoTimeSchema.nullable(),
});
export type AbandonedBox = z.infer<typeof abandonedBoxSchema>;

/** POST /box-properties/abandoned/delete: the boxes chosen, deleted only if still abandoned for `days`. */
export const deleteAbandonedSchema = z.object({ days, box_ids: boxIds });
export type DeleteAbandoned = z.output<typeof deleteAbandonedSchema>;

/** GET (count) and POST (clear) /box-properties/:boxId/faults: the fault records of a box that started in [from, to). */
export const faultRangeSchema = z
  .object({
    from: queryTimeSchema,
    to: queryTimeSchema,
    /** One controller only (its station); left out: every controller of the box. */
    station: numberInput(z.number({ error: missingOrInvalid }).int('stationRange').min(0, 'stationRange').max(255, 'stationRange')).optional(),
  })
  .refine((range) => range.from.getTime() < range.to.getTime(), { message: 'timeRangeOrder', path: ['to'] });
export type FaultRange = z.output<typeof faultRangeSchema>;

/** How many boxes or records a call changed or would change. */
export const countSchema = z.object({ count: z.number().int() });
export type Count = z.infer<typeof countSchema>;
