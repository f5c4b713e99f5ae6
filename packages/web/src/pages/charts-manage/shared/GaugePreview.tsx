import { useEffect, useMemo, useState } from 'react';
import Chart from '../../../components/charts/Chart';
import { GAUGE_PARTS, gaugeOption, type GaugeScale } from '../../../components/charts/gauge';

const STEP_MS = 1500;

/** Where the preview's needle stands at a step: swinging slowly over the scale, as a live value would. */
export function previewValue(scale: Pick<GaugeScale, 'min' | 'max'>, step: number): number {
  const share = 0.55 + 0.35 * Math.sin(step / 3);
  return scale.min + (scale.max - scale.min) * share;
}

/** A gauge as the live page will draw it, its needle moving over the scale. */
export default function GaugePreview({ scale, decimals = 0, height = 180 }: { scale: GaugeScale; decimals?: number; height?: number }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((current) => current + 1), STEP_MS);
    return () => clearInterval(timer);
  }, []);
  const valid = Number.isFinite(scale.min) && Number.isFinite(scale.max) && scale.min < scale.max;
  const value = valid ? previewValue(scale, step) : null;
  const option = useMemo(
    () => (valid ? gaugeOption(scale, value, value === null ? null : value.toFixed(decimals)) : undefined),
    [scale, value, decimals, valid],
  );
  if (!option) return null;
  return <Chart option={option} parts={GAUGE_PARTS} merge style={{ height }} label={`gauge-preview-${scale.title}`} className="gauge-preview" />;
}
