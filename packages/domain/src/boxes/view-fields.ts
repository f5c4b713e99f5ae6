import { z } from 'zod';
import { isoTimeSchema } from '../validation-schemas.js';

/**
 * Groups of a box's facts as answers show them, declared once for every view that carries them
 * (the box, the device list's rows, a device's detail).
 */

/** The SIM card and its service period (SPEC.md section 3): the expiry date belongs to the ICCID. */
export const simFields = {
  iccid: z.string(),
  install_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
};

/** Who runs the box and how to reach them. */
export const ownerFields = {
  owner_unit: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
};

/** Where the box stands. */
export const locationFields = {
  province: z.string(),
  city: z.string(),
  district: z.string(),
  street: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};

/** What the broker last saw of the box. */
export const connectionFields = {
  online: z.boolean(),
  last_seen_at: isoTimeSchema.nullable(),
  last_ip: z.string().nullable(),
};
