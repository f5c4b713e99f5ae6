import type { GaugeSetting, Language } from '@cloudbox/domain';
import { Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../stores/app';
import GaugePreview from './GaugePreview';

/** The title a gauge shows in a language: its own, else its register's name. */
export function gaugeTitleOf(gauge: GaugeSetting, language: Language): string {
  return gauge.title?.[language] ?? gauge.register_name ?? `#${gauge.register}`;
}

export function BandSwatches({ bands }: { bands: GaugeSetting['bands'] }) {
  return (
    <span className="gauge-bands">
      {bands.map((band) => (
        <span key={`${band.to}-${band.color}`} className="gauge-bands__swatch" style={{ background: band.color }} title={`≤ ${band.to}`} />
      ))}
    </span>
  );
}

/** A gauge of the settings: its preview, register, scale and bands, with the actions given. */
export default function GaugeCard({ gauge, actions, showType = true }: { gauge: GaugeSetting; actions: ReactNode[]; showType?: boolean }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const title = gaugeTitleOf(gauge, language);
  return (
    <Card size="small" className="gauge-card" data-gauge={gauge.id} title={showType ? `${gauge.device_type_name} · ${title}` : title} actions={actions}>
      <GaugePreview scale={{ title, unit: gauge.unit, min: gauge.min, max: gauge.max, bands: gauge.bands }} decimals={gauge.decimals} />
      <div className="gauge-card__facts">
        <div>
          {t('chartSettings.register')}: #{gauge.register} {gauge.register_name ?? ''}
        </div>
        <Space size={8}>
          <span>
            {t('chartSettings.scale')}: {gauge.min} ~ {gauge.max} {gauge.unit}
          </span>
          <BandSwatches bands={gauge.bands} />
        </Space>
      </div>
    </Card>
  );
}
