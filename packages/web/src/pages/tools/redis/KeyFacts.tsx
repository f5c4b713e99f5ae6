import type { RedisKey } from '@cloudbox/domain';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ttlParts } from './format';

/** One colour per Redis type, so that a list of keys reads at a glance. */
const TYPE_COLORS: Record<string, string> = { string: 'blue', hash: 'purple', list: 'cyan', set: 'green', zset: 'gold', stream: 'magenta' };

/** A key's type as a coloured tag. */
export function TypeTag({ type }: { type: string }) {
  return (
    <Tag className="redis-type" color={TYPE_COLORS[type]}>
      {type}
    </Tag>
  );
}

/** A key's expiry in words (`1 h 2 min`), or that it has none. */
export function TtlText({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const parts = ttlParts(ms);
  if (!parts) return <Typography.Text type="secondary">{t('redisTool.noExpiry')}</Typography.Text>;
  return <>{parts.map((part) => t(`redisTool.unit.${part.unit}`, { count: part.value })).join(' ')}</>;
}

/** A key's length in its type's unit: bytes, fields, items, members or entries. */
export function LengthText({ entry }: { entry: RedisKey }) {
  const { t } = useTranslation();
  if (entry.length === null) return <>—</>;
  return <>{t(`redisTool.lengthOf.${entry.type}`, { count: entry.length })}</>;
}
