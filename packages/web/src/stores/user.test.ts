import type { UserInfo } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { INFO_ERRORS, toSessionUser } from './user';

const info: UserInfo = {
  roles: ['manager', 'showFeedback'],
  name: 'acme-admin',
  avatar: '',
  introduction: '',
  level: 1,
  user: {
    id: 3,
    username: 'acme-admin',
    group_extra: { ck: '1234' },
    is_manager: true,
    level: 1,
    parent_id: null,
    roles: ['manager'],
    show_feedback: true,
    show_del_box: false,
    remark: '',
    registered_at: '2026-01-02T03:04:05Z',
    must_change_password: false,
  },
};

describe('toSessionUser', () => {
  it('reads the session user of SPEC.md section 3', () => {
    expect(toSessionUser(info)).toEqual({
      id: info.user.id,
      name: 'acme-admin',
      avatar: '',
      introduction: '',
      roles: ['manager', 'showFeedback'],
      ck: '1234',
      userLevel: 1,
      isManager: true,
      parentId: null,
      registeredAt: '2026-01-02T03:04:05Z',
      mustChangePassword: false,
    });
  });

  it('rejects incomplete info with the exact messages', () => {
    expect(() => toSessionUser(null)).toThrow(INFO_ERRORS.noData);
    expect(INFO_ERRORS.noData).toBe('Verification failed, please Login again.');
    expect(() => toSessionUser({ ...info, roles: [] })).toThrow('getInfo: roles must be a non-null array!');
    expect(() => toSessionUser({ ...info, roles: null as never })).toThrow('getInfo: roles must be a non-null array!');
    expect(() => toSessionUser({ ...info, user: null as never })).toThrow('getInfo: user info cannot be null!');
  });
});
