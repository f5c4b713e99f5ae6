import type { ScreenRoute } from '../../../router/screens';
import DayCurves, { readAheadDayCurves } from './DayCurves';

export const readAhead = (route: ScreenRoute) => readAheadDayCurves(route, 'controller');

export default function HistoryCharts() {
  return <DayCurves variant="controller" />;
}
