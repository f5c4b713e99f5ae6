import { Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption, EChartsType } from '../../../components/charts/echarts';
import { loadChinaMap } from '../../../components/DeviceMap';
import './index.css';

/** China's outline and the pin. */
const PARTS = [GeoComponent, ScatterChart];

const REPLACE = ['series'];
/** Coordinates kept to about a metre: more digits would only show the click's pixel noise. */
const DECIMALS = 5;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * A point picker on the offline base map (the same map package as map monitoring, no tile server
 * needed): a click anywhere on the map sets the coordinates; the chosen point is marked with a pin.
 * Roaming (drag, wheel) keeps its zoom when the pin moves.
 */
export default function MapPicker({ value, centre, onPick }: { value: Coordinates | null; centre: Coordinates | null; onPick: (point: Coordinates) => void }) {
  const [ready, setReady] = useState(false);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  useEffect(() => {
    let live = true;
    void loadChinaMap().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const pin = useMemo<EChartsOption>(
    () => ({
      series: value
        ? [
            {
              id: 'pin',
              type: 'scatter',
              coordinateSystem: 'geo',
              symbol: 'pin',
              symbolSize: 36,
              itemStyle: { color: '#1890ff' },
              data: [[value.longitude, value.latitude]],
            },
          ]
        : [],
    }),
    [value],
  );
  const initial = useRef(centre);

  function onReady(instance: EChartsType) {
    // The view is set once, centred on the box's point if it has one: a pick moves only the pin, so the user's roam stays.
    const centre = initial.current;
    instance.setOption({
      // A pick moves the pin at once: an animated pin would lag behind the click.
      animation: false,
      backgroundColor: '#f7f9fc',
      geo: {
        map: 'china',
        roam: true,
        scaleLimit: { min: 0.8, max: 400 },
        ...(centre && { center: [centre.longitude, centre.latitude], zoom: 4 }),
        itemStyle: { areaColor: '#e8eef7', borderColor: '#9bb3d1', borderWidth: 0.8 },
        emphasis: { disabled: true },
        select: { disabled: true },
        silent: true,
      },
    });
    instance.getZr().on('click', (event: { offsetX: number; offsetY: number }) => {
      const point = instance.convertFromPixel({ geoIndex: 0 }, [event.offsetX, event.offsetY]) as number[] | undefined;
      if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return;
      const round = (number: number) => Number(number.toFixed(DECIMALS));
      pick.current({ longitude: round(point[0]!), latitude: round(point[1]!) });
    });
  }

  return (
    <div className="map-picker" data-latitude={value?.latitude ?? ''} data-longitude={value?.longitude ?? ''}>
      {ready ? <Chart option={pin} parts={PARTS} merge replaceMerge={REPLACE} onReady={onReady} className="map-picker__chart" label="map-picker" /> : <Spin />}
    </div>
  );
}
