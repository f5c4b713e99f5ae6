import type { AnnouncementInput, AnnouncementItem, AnnouncementPin, AnnouncementType } from '@cloudbox/domain';
import dayjs, { type Dayjs } from 'dayjs';

/** The create form's values: the body of the API, with the expiry as the picker holds it and users by name. */
export interface AnnouncementFormValues {
  type: AnnouncementType;
  start_box_id?: string;
  end_box_id?: string;
  users?: string[];
  title?: string;
  content?: string;
  pin: AnnouncementPin;
  expires_at?: Dayjs | null;
}

export const EMPTY_ANNOUNCEMENT: AnnouncementFormValues = { type: 'all', pin: 'none', users: [] };

/** The body the server takes: only the target fields of the chosen type. */
export function announcementInput(values: AnnouncementFormValues): AnnouncementInput {
  return {
    type: values.type,
    ...(values.type === 'device' ? { start_box_id: values.start_box_id?.trim(), end_box_id: values.end_box_id?.trim() } : {}),
    users: values.type === 'user' ? (values.users ?? []) : [],
    title: values.title ?? '',
    content: values.content ?? '',
    pin: values.pin,
    expires_at: values.expires_at ? values.expires_at.toISOString() : null,
  };
}

/** A stored announcement as the form edits it. */
export function formValuesOf(item: AnnouncementItem): AnnouncementFormValues {
  return {
    type: item.type,
    start_box_id: item.start_box_id ?? undefined,
    end_box_id: item.end_box_id ?? undefined,
    users: item.users.map((user) => user.username),
    title: item.title,
    content: item.content,
    pin: item.pin,
    expires_at: item.expires_at ? dayjs(item.expires_at) : null,
  };
}

/** The server's field of an error as the form's (`users.2` is the users select). */
export function formFieldOf(field: string): string {
  return field.startsWith('users.') ? 'users' : field;
}
