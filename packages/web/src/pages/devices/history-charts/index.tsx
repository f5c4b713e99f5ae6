import DayCurves from './DayCurves';

export default function HistoryCharts() {
  return <DayCurves variant="controller" />;
}
