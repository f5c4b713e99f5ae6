import type { DeviceState, DeviceStatus, DeviceStatusCounts } from '@cloudbox/domain';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { STATE_COLORS, STATUS_COLORS, STATUS_FILTER_ORDER, statusLabel } from './status';
import './index.css';

export function useStatusLabel(): (status: DeviceStatus) => string {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (status) => statusLabel(status, language, t('device.normal'));
}

/** A device's state as a coloured tag. */
export function StatusTag({ state }: { state: DeviceState }) {
  const label = useStatusLabel();
  return (
    <Tag className="status-tag" color={STATE_COLORS[state]} data-state={state}>
      {label(state)}
    </Tag>
  );
}

/** A dot and the state's name, for dense places (detail headers, map tooltips). */
export function StatusDot({ state }: { state: DeviceState }) {
  const label = useStatusLabel();
  return <Badge className="status-dot" color={STATE_COLORS[state]} text={label(state)} data-state={state} />;
}

interface CountsBarProps {
  counts: DeviceStatusCounts | undefined;
  /** The status filter in force; undefined: all. */
  selected?: DeviceStatus;
  onSelect?: (status: DeviceStatus | undefined) => void;
  /** The statuses shown; default all of them. */
  statuses?: readonly DeviceStatus[];
}

/** Status at a glance: the total and one count per status; a click filters by it. */
export function StatusCountsBar({ counts, selected, onSelect, statuses = STATUS_FILTER_ORDER }: CountsBarProps) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const item = (status: DeviceStatus | undefined, text: string, count: number | undefined, color: string) => (
    <button
      key={status ?? 'all'}
      type="button"
      className={['status-count', selected === status ? 'status-count--active' : ''].filter(Boolean).join(' ')}
      data-status={status ?? 'all'}
      aria-pressed={selected === status}
      disabled={!onSelect}
      onClick={() => onSelect?.(status)}
    >
      <span className="status-count__dot" style={{ background: color }} />
      <span className="status-count__label">{text}</span>
      <span className="status-count__value" data-count={count ?? ''}>
        {count ?? '–'}
      </span>
    </button>
  );
  return (
    <div className="status-counts" role="group" aria-label={t('device.statusCounts')}>
      {item(undefined, t('device.all'), counts?.total, '#1677ff')}
      {statuses.map((status) => item(status, label(status), counts?.[status], STATUS_COLORS[status]))}
    </div>
  );
}
