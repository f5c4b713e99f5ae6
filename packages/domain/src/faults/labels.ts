import { DEVICE_FIELD_LABELS } from '../devices/list-fields.js';
import type { MessageKey } from '../messages.js';

/**
 * Fault severities and the fault records' labels: apart from their schemas (./records.ts), so that
 * the console's status tags read them without zod.
 */

export const FAULT_SEVERITIES = ['alert', 'fault'] as const;
export type FaultSeverity = (typeof FAULT_SEVERITIES)[number];

export const FAULT_SEVERITY_LABELS: Record<FaultSeverity, MessageKey> = {
  alert: 'severityAlert',
  fault: 'severityFault',
};

export const FAULT_STATE_LABELS: Record<'active' | 'ended', MessageKey> = {
  active: 'faultActive',
  ended: 'faultEnded',
};

/** Column headers of the fault records and their export. */
export const FAULT_FIELD_LABELS = {
  box_id: DEVICE_FIELD_LABELS.box_id,
  controller_id: DEVICE_FIELD_LABELS.controller_id,
  ck: DEVICE_FIELD_LABELS.ck,
  owner_unit: DEVICE_FIELD_LABELS.owner_unit,
  model: DEVICE_FIELD_LABELS.model,
  device_number: DEVICE_FIELD_LABELS.device_number,
  severity: 'columnFaultType',
  code: 'columnFaultCode',
  message: 'columnFaultMessage',
  register: 'columnRegister',
  register_name: 'columnParameter',
  value: 'columnFaultValue',
  started_at: 'columnFaultStarted',
  ended_at: 'columnFaultEnded',
  active: 'columnFaultState',
} satisfies Record<string, MessageKey>;
