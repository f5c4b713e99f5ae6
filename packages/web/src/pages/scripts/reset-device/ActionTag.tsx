import type { BoxDeliveryState, BoxResetAction } from '@cloudbox/domain';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeliveryStateTag } from '../../smartbox/shared/delivery';
import { ACTION_KEYS } from './actions';

/** A reset's action as a tag: reboot blue, configuration reset volcano. */
export function ActionTag({ action }: { action: BoxResetAction }) {
  const { t } = useTranslation();
  return <Tag color={action === 'reboot' ? 'blue' : 'volcano'}>{t(ACTION_KEYS[action])}</Tag>;
}

/** A reset job item's detail: the action, how far its delivery got, and the box's error. */
export function ResetDetail({ detail }: { detail: Record<string, unknown> }) {
  const action = detail.action as BoxResetAction | undefined;
  const state = detail.state as BoxDeliveryState | undefined;
  return (
    <Space size={4}>
      {action && <ActionTag action={action} />}
      {state && <DeliveryStateTag state={state} />}
      {typeof detail.error === 'string' && <span className="reset-device__error">{detail.error}</span>}
    </Space>
  );
}
