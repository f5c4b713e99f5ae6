import type { ScreenRoute } from '../../../router/screens';
import DayCurves, { readAheadDayCurves } from '../history-charts/DayCurves';

export const readAhead = (route: ScreenRoute) => readAheadDayCurves(route, 'maglev');

export default function MaglevCharts() {
  return <DayCurves variant="maglev" />;
}
