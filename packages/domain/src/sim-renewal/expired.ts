import { z } from 'zod';
import { boxIdParamSchema } from '../boxes/box.js';
import { EXPIRY_GROUPS } from '../devices/list-fields.js';
import { choice, keyword, optional } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import type { MessageKey } from '../messages.js';
import { missingOrInvalid } from '../validation.js';
import { shownTipSchema } from './tips.js';

/**
 * The expired-device list (/iccid/expired-device-list, GET /iot_card/get_expired_list): the boxes
 * the caller may see whose SIM service expired last month, expires this month or next month (the
 * month of the box's company time zone), one row per box (the SIM is the box's).
 */

/** The most boxes one renewal request or one download by selection names. */
export const RENEWAL_MAX_BOXES = 1000;

/** The expiry group of the list; the header asks for this_month (HEADER_EXPIRY_QUERY). */
const month = z.preprocess((value) => (value === '' || value === undefined ? 'this_month' : value), choice(EXPIRY_GROUPS));

/** GET /iot_card/get_expired_list: `query` searches box id, ICCID, owner unit and remark. */
export const expiredListQuerySchema = pageQuerySchema.extend({
  month,
  query: optional(keyword),
});
export type ExpiredListQuery = z.output<typeof expiredListQuerySchema>;

/** Box ids chosen on a screen: 1 to RENEWAL_MAX_BOXES, each 1-32 digits; a box named twice counts once. */
export const chosenBoxIdsSchema = z
  .array(boxIdParamSchema, { error: missingOrInvalid })
  .min(1, 'renewalBoxesRequired')
  .max(RENEWAL_MAX_BOXES, 'renewalTooManyBoxes')
  .transform((ids) => [...new Set(ids)]);

/** POST /iot_card/download_expired_info: the list's group and search, or only the chosen boxes among them. */
export const expiredDownloadSchema = z.object({
  month,
  query: optional(keyword),
  box_ids: chosenBoxIdsSchema.optional(),
});
export type ExpiredDownload = z.output<typeof expiredDownloadSchema>;

/** One box of the list. */
export const expiredBoxSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  owner_unit: z.string(),
  /** The box (IoT module) model. */
  model: z.string(),
  iccid: z.string(),
  install_date: z.string().nullable(),
  expiry_date: z.string(),
  expiry_group: z.enum(EXPIRY_GROUPS),
  remark: z.string(),
  /** The device numbers of its controllers. */
  device_numbers: z.array(z.string()),
  online: z.boolean(),
  /** A renewal request of the box is open (not handled yet). */
  renewal_requested: z.boolean(),
});
export type ExpiredBox = z.infer<typeof expiredBoxSchema>;

export const expiredPageSchema = z.object({
  total: z.number().int(),
  items: z.array(expiredBoxSchema),
  /** The caller's company's renewal tip in the caller's language, and the phone to call. */
  tips: shownTipSchema,
});
export type ExpiredPage = z.infer<typeof expiredPageSchema>;

/** GET /iot_card/get_expired_month_num: the caller's boxes per expiry group. */
export const expiredMonthCountsSchema = z.object({
  last_month: z.number().int(),
  this_month: z.number().int(),
  next_month: z.number().int(),
});
export type ExpiredMonthCounts = z.infer<typeof expiredMonthCountsSchema>;

/** Sheet name (and file name stem) of the download. */
export const EXPIRED_SIMS_SHEET: MessageKey = 'expiredSimsSheet';

/** What each expiry group is called (the download's expiry column). */
export const EXPIRY_GROUP_LABELS = {
  last_month: 'renewalGroupLastMonth',
  this_month: 'renewalGroupThisMonth',
  next_month: 'renewalGroupNextMonth',
} as const satisfies Record<(typeof EXPIRY_GROUPS)[number], MessageKey>;
