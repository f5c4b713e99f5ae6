import { boxIdsInText, type BatchBoxChanges, type BatchBoxField, type BatchBoxInput } from '@cloudbox/domain';
import type { Dayjs } from 'dayjs';

export type Target = 'range' | 'list';

export interface BoxForm {
  start_box_id?: string;
  end_box_id?: string;
  list?: string;
  fields: BatchBoxField[];
  ck?: string;
  model?: string;
  expiry_date?: Dayjs;
  software?: string;
  server_address?: string;
}

/** The request of the form: the range or the list, and the checked fields' values. */
export function requestOf(target: Target, values: BoxForm): BatchBoxInput {
  const changes: BatchBoxChanges = {};
  for (const field of values.fields ?? []) {
    const value = field === 'expiry_date' ? values.expiry_date?.format('YYYY-MM-DD') : values[field];
    changes[field] = value ?? '';
  }
  return target === 'range'
    ? { start_box_id: values.start_box_id?.trim(), end_box_id: values.end_box_id?.trim(), changes }
    : { box_ids: boxIdsInText(values.list ?? ''), changes };
}
