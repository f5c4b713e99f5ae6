import type { AnnouncementItem } from '@cloudbox/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { announcementInput, formFieldOf, formValuesOf } from './form';

describe('announcement form', () => {
  it('sends only the target of the chosen type, and the expiry as ISO time', () => {
    const expiry = dayjs('2030-01-02T03:04:05Z');
    expect(
      announcementInput({ type: 'device', start_box_id: ' 100 ', end_box_id: '200', users: ['a'], title: 'T', content: 'C', pin: 'top', expires_at: expiry }),
    ).toEqual({
      type: 'device',
      start_box_id: '100',
      end_box_id: '200',
      users: [],
      title: 'T',
      content: 'C',
      pin: 'top',
      expires_at: '2030-01-02T03:04:05.000Z',
    });
    expect(announcementInput({ type: 'user', start_box_id: '1', users: ['a', 'b'], title: 'T', content: 'C', pin: 'none' })).toEqual({
      type: 'user',
      users: ['a', 'b'],
      title: 'T',
      content: 'C',
      pin: 'none',
      expires_at: null,
    });
  });

  it('reads a stored announcement back into the form, users by name', () => {
    const item = {
      id: 1,
      type: 'user',
      start_box_id: null,
      end_box_id: null,
      users: [{ id: 3, username: 'demo_user' }],
      title: 'T',
      content: 'C',
      pin: 'super_top',
      expires_at: '2030-01-02T03:04:05.000Z',
    } as AnnouncementItem;
    const values = formValuesOf(item);
    expect(values).toMatchObject({ type: 'user', users: ['demo_user'], pin: 'super_top', start_box_id: undefined });
    expect(values.expires_at?.toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(formFieldOf('users.2')).toBe('users');
    expect(formFieldOf('end_box_id')).toBe('end_box_id');
  });
});
