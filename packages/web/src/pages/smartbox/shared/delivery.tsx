import type { BoxDeliveryState } from '@cloudbox/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './smartbox.css';

const STATE_COLORS: Record<BoxDeliveryState, string> = { queued: 'default', sent: 'processing', acked: 'success', failed: 'error' };

/** How far a delivery to a box got. */
export function DeliveryStateTag({ state }: { state: BoxDeliveryState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-state={state}>
      {t(`boxDelivery.common.states.${state}`)}
    </Tag>
  );
}

export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return <Tag color={online ? 'success' : 'default'}>{t(online ? 'boxDelivery.common.online' : 'boxDelivery.common.offline')}</Tag>;
}
