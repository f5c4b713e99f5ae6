import { z } from 'zod';
import { digits, epochMs } from '../http/query-fields.js';
import { isoTimeSchema } from '../validation.js';
import { deviceLocationSchema, type DeviceLocation } from './list.js';
import { deviceStateSchema, type DeviceState } from './status.js';

/** One device (a box) with its controllers and its connection log. */

/** The `:controllerId` of the routes: the controller's station number, digits only (SPEC.md section 5). */
export const controllerIdParamSchema = digits('stationRange', 3).transform(Number).pipe(z.number().max(255, 'stationRange'));

export interface DeviceControllerView {
  controller_id: number;
  station: number;
  device_type: string;
  model: string;
  machine_model: string;
  device_number: string;
  status: DeviceState;
  alert: boolean;
  fault: boolean;
  /** Time of the newest values (epoch ms); null before the first sample. */
  values_at: number | null;
}

export interface ConnectionLogEntry {
  event: 'connect' | 'disconnect';
  source_ip: string | null;
  destination_ip: string | null;
  reason: string | null;
  at: string;
}

export interface DeviceDetail {
  box_id: string;
  ck: string;
  ck_name: string;
  /** The CK's IANA time zone: where its days (K-line candles, daily curves) start. */
  time_zone: string;
  iot_model: string;
  software: string;
  iccid: string;
  install_date: string | null;
  expiry_date: string | null;
  owner_unit: string;
  contact: string;
  phone: string;
  remark: string;
  registered_at: string;
  online: boolean;
  last_seen_at: string | null;
  status_changed_at: string | null;
  last_ip: string | null;
  server_ip: string | null;
  location: DeviceLocation;
  controllers: DeviceControllerView[];
  /** The newest connects and disconnects, newest first. */
  connections: ConnectionLogEntry[];
}

export const deviceDetailSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  ck_name: z.string(),
  time_zone: z.string().describe('IANA time zone of the CK'),
  iot_model: z.string(),
  software: z.string(),
  iccid: z.string(),
  install_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  owner_unit: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  registered_at: isoTimeSchema,
  online: z.boolean(),
  last_seen_at: isoTimeSchema.nullable(),
  status_changed_at: isoTimeSchema.nullable(),
  last_ip: z.string().nullable(),
  server_ip: z.string().nullable(),
  location: deviceLocationSchema,
  controllers: z.array(
    z.object({
      controller_id: z.number().int(),
      station: z.number().int(),
      device_type: z.string(),
      model: z.string(),
      machine_model: z.string(),
      device_number: z.string(),
      status: deviceStateSchema,
      alert: z.boolean(),
      fault: z.boolean(),
      values_at: epochMs.nullable(),
    }),
  ),
  connections: z.array(
    z.object({
      event: z.enum(['connect', 'disconnect']),
      source_ip: z.string().nullable(),
      destination_ip: z.string().nullable(),
      reason: z.string().nullable(),
      at: isoTimeSchema,
    }),
  ),
}) satisfies z.ZodType<DeviceDetail>;
