import DayCurves from '../history-charts/DayCurves';

export default function MaglevCharts() {
  return <DayCurves variant="maglev" />;
}
