import { z } from 'zod';
import { digits, epochMs } from '../http/query-fields.js';
import { isoTimeSchema } from '../validation-schemas.js';
import { connectionFields, ownerFields, simFields } from '../boxes/view-fields.js';
import { deviceLocationSchema } from './list.js';
import { deviceStateSchema } from './state-schemas.js';
import { monthUsageSchema } from '../box-delivery/usage.js';

/** One device (a box) with its controllers and its connection log. */

/** The `:controllerId` of the routes: the controller's station number, digits only (SPEC.md section 5). */
export const controllerIdParamSchema = digits('stationRange', 3).transform(Number).pipe(z.number().max(255, 'stationRange'));

export const deviceControllerViewSchema = z.object({
  controller_id: z.number().int(),
  station: z.number().int(),
  device_type: z.string(),
  model: z.string(),
  machine_model: z.string(),
  device_number: z.string(),
  status: deviceStateSchema,
  alert: z.boolean(),
  fault: z.boolean(),
  /** Time of the newest values (epoch ms); null before the first sample. */
  values_at: epochMs.nullable(),
});
export type DeviceControllerView = z.infer<typeof deviceControllerViewSchema>;

export const connectionLogEntrySchema = z.object({
  event: z.enum(['connect', 'disconnect']),
  source_ip: z.string().nullable(),
  destination_ip: z.string().nullable(),
  reason: z.string().nullable(),
  at: isoTimeSchema,
});
export type ConnectionLogEntry = z.infer<typeof connectionLogEntrySchema>;

export const deviceDetailSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  ck_name: z.string(),
  /** The CK's IANA time zone: where its days (K-line candles, daily curves) start. */
  time_zone: z.string().describe('IANA time zone of the CK'),
  iot_model: z.string(),
  software: z.string(),
  ...simFields,
  ...ownerFields,
  registered_at: isoTimeSchema,
  ...connectionFields,
  status_changed_at: isoTimeSchema.nullable(),
  server_ip: z.string().nullable(),
  /** This month's data usage (the device display's "device flow"). */
  data_usage: monthUsageSchema,
  location: deviceLocationSchema,
  controllers: z.array(deviceControllerViewSchema),
  /** The newest connects and disconnects, newest first. */
  connections: z.array(connectionLogEntrySchema),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;
