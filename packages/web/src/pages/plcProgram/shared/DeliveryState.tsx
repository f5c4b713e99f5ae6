import type { ProgramDeliveryState, ProgramDeliveryView } from '@cloudbox/domain';
import { Progress, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryPercent } from './program-file';

const COLORS: Record<ProgramDeliveryState, string> = {
  queued: 'default',
  sending: 'processing',
  verifying: 'cyan',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

export const ACTIVE_STATES: readonly ProgramDeliveryState[] = ['queued', 'sending', 'verifying'];

export function DeliveryStateTag({ state }: { state: ProgramDeliveryState }) {
  const { t } = useTranslation();
  return (
    <Tag className="plc-delivery__state" data-state={state} color={COLORS[state]}>
      {t(`plcProgram.states.${state}`)}
    </Tag>
  );
}

/** Why a delivery failed, in the reader's words (an unknown code as it came). */
export function useDeliveryError() {
  const { t, i18n } = useTranslation();
  return (error: string | null) => (error === null ? '' : i18n.exists(`plcProgram.errors.${error}`) ? t(`plcProgram.errors.${error}`) : error);
}

/** Chunks acknowledged of all, as a bar: red when it failed, green once verified. */
export function DeliveryProgress({ delivery }: { delivery: Pick<ProgramDeliveryView, 'state' | 'chunks_acked' | 'chunks_total'> }) {
  const percent = deliveryPercent(delivery);
  const status =
    delivery.state === 'failed' ? 'exception' : delivery.state === 'done' ? 'success' : ACTIVE_STATES.includes(delivery.state) ? 'active' : 'normal';
  return (
    <Tooltip title={`${delivery.chunks_acked}/${delivery.chunks_total}`}>
      <Progress className="plc-delivery__progress" data-percent={percent} percent={percent} status={status} size="small" />
    </Tooltip>
  );
}
