import { Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

type Detail = Record<string, unknown>;

/** Ids for the report and for debugging, not for the screen (the xlsx report keeps them). */
const HIDDEN = new Set(['command_id', 'delivery_id']);
/** Keys read together into one phrase below. */
const COMPOSED = new Set([
  'message',
  'error',
  'reason',
  'chunks_acked',
  'chunks_total',
  'retries',
  'old_value',
  'new_value',
  'result_value',
  'changed',
  'before',
  'after',
]);

const text = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The fields a box change changed, each as `field: before → after`. */
function changes(detail: Detail): string[] {
  const changed = Array.isArray(detail.changed) ? (detail.changed as string[]) : [];
  const before = (detail.before ?? {}) as Detail;
  const after = (detail.after ?? {}) as Detail;
  return changed.map((field) => `${field}: ${text(before[field])} → ${text(after[field])}`);
}

/**
 * A job item's detail as people read it: the message, the error, a delivery's chunks and retries, a
 * write's old → new value, a box change's fields; what is left as `key: value`. Kinds with their own
 * reading pass `renderDetail` to JobRun instead.
 */
export function ItemDetail({ detail, t }: { detail: Detail; t: TFunction }): ReactNode {
  const parts: ReactNode[] = [];
  if (typeof detail.message === 'string') parts.push(<span key="message">{detail.message}</span>);
  if (detail.error !== undefined)
    parts.push(
      <Typography.Text key="error" type="danger">
        {t('jobs.itemDetail.error', { error: text(detail.error) })}
      </Typography.Text>,
    );
  if (detail.reason !== undefined && typeof detail.message !== 'string') parts.push(<span key="reason">{text(detail.reason)}</span>);
  if (typeof detail.chunks_total === 'number')
    parts.push(<span key="chunks">{t('jobs.itemDetail.chunks', { acked: detail.chunks_acked ?? 0, total: detail.chunks_total })}</span>);
  if (typeof detail.retries === 'number' && detail.retries > 0)
    parts.push(<span key="retries">{t('jobs.itemDetail.retries', { count: detail.retries })}</span>);
  if ('new_value' in detail) parts.push(<span key="value">{t('jobs.itemDetail.value', { old: text(detail.old_value), new: text(detail.new_value) })}</span>);
  if (detail.result_value !== undefined) parts.push(<span key="read">{t('jobs.itemDetail.readBack', { value: text(detail.result_value) })}</span>);
  for (const change of changes(detail)) parts.push(<span key={change}>{change}</span>);
  for (const [key, value] of Object.entries(detail)) {
    if (HIDDEN.has(key) || COMPOSED.has(key)) continue;
    parts.push(<span key={key}>{`${key}: ${text(value)}`}</span>);
  }
  return (
    <Space size={[12, 0]} wrap className="job-item-detail">
      {parts}
    </Space>
  );
}
