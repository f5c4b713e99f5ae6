import { formatDateTime, type BoxDeliveryState } from '@cloudbox/domain';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
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

/** A time of the API (ISO) in the browser's clock, or a dash. */
export const timeText = (value: string | null) => (value ? formatDateTime(new Date(value)) : '—');

/** Server paging of a table: page, size and the total answered. */
export function pagination(paging: { page: number; pageSize: number }, total: number, onChange: (page: number, pageSize: number) => void, t: TFunction) {
  return {
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (count: number) => t('boxDelivery.common.total', { count }),
    onChange,
  };
}
