import { Button, Space, Tag, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { grantSwitch, revokeSwitch } from '../../../api/userRegister';
import type { RelationChange } from './useRelationChange';

/** Class names of the column's parts (the end-to-end tests find them): the state, and the two buttons. */
interface SwitchClasses {
  state: string;
  grant: string;
  revoke: string;
}

/**
 * The switch authorisation of one box per user: its state and, for a caller that may change it,
 * the button that grants or withdraws it, in one column fixed to the right edge so that a phone
 * shows both. `extra` adds what else a row offers (every box at once, in the owner's drawer).
 */
export function switchColumn<User extends { id: number; switch_authorized: boolean }>(options: {
  t: TFunction;
  compact: boolean;
  boxId: string;
  run: RelationChange;
  mayChange: boolean;
  classes: SwitchClasses;
  extra?: (user: User) => ReactNode;
}): TableColumnType<User> {
  const { t, boxId, run, classes } = options;
  return {
    title: t('usermanager.common.switchAuth'),
    key: 'switch',
    width: options.compact ? 150 : 240,
    fixed: 'right',
    className: 'usermanager-actions',
    render: (_: unknown, user) => (
      <Space size={[12, 4]} wrap>
        <Tag className={classes.state} data-authorized={user.switch_authorized} color={user.switch_authorized ? 'green' : 'default'}>
          {t(user.switch_authorized ? 'usermanager.common.authorized' : 'usermanager.common.unauthorized')}
        </Tag>
        {options.mayChange &&
          (user.switch_authorized ? (
            <Button type="link" size="small" danger className={classes.revoke} onClick={() => void run(() => revokeSwitch(boxId, user.id))}>
              {t('usermanager.switchGrant.revoke')}
            </Button>
          ) : (
            <Button type="link" size="small" className={classes.grant} onClick={() => void run(() => grantSwitch(boxId, user.id))}>
              {t('usermanager.switchGrant.grant')}
            </Button>
          ))}
        {options.extra?.(user)}
      </Space>
    ),
  };
}
