import type { DeviceState } from '@cloudbox/domain';
import type { EChartsType } from 'echarts/core';
import { Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import Chart from '../charts/Chart';
import { install, registerMap, type EChartsOption } from '../charts/echarts';
import { useStatusLabel } from '../DeviceStatus';
import { STATE_COLORS, STATE_SEVERITY } from '../DeviceStatus/status';
import { clusterSize, mapLayer, type Bounds, type Cluster, type MapPoint } from './cluster';
import { MERCATOR, tileConfig, tileUrl, visibleTiles, type Tile } from './tiles';
import './index.css';

/** China's outline, the tiles as a custom series over it, the boxes as scatter points. */
const PARTS = [GeoComponent, CustomChart, ScatterChart, TooltipComponent];

const CHINA: Bounds = { west: 73, east: 136, south: 17, north: 54 };
const REPLACE = ['series'];
const TILES = tileConfig();

let mapLoaded: Promise<void> | undefined;

/**
 * The base map loads with the first map screen, not before. ECharts keeps a map only once its geo
 * component is installed (before that, `registerMap` does nothing), so it is installed here first.
 */
export function loadChinaMap(): Promise<void> {
  mapLoaded ??= import('virtual:china-map').then(({ default: geoJson }) => {
    install([GeoComponent]);
    registerMap('china', geoJson as Parameters<typeof registerMap>[1]);
  });
  return mapLoaded;
}

interface DeviceMapProps {
  boxes: readonly MapPoint[] | undefined;
  dark?: boolean;
  /** A box to centre on and mark (the big screen's map of one box). */
  focus?: MapPoint;
  onOpen?: (box: MapPoint) => void;
  className?: string;
}

const STATES_BY_SEVERITY = (Object.keys(STATE_SEVERITY) as DeviceState[]).sort((a, b) => STATE_SEVERITY[a] - STATE_SEVERITY[b]);

function tileSeries(tiles: readonly Tile[]) {
  if (!TILES) return [];
  return [
    {
      id: 'tiles',
      type: 'custom' as const,
      coordinateSystem: 'geo',
      silent: true,
      z: 0,
      data: tiles.map((tile) => [tile.west, tile.north, tile.east, tile.south, tile.z, tile.x, tile.y]),
      renderItem: (_params: unknown, api: { value: (index: number) => number; coord: (point: number[]) => number[] }) => {
        const [x0, y0] = api.coord([api.value(0), api.value(1)]);
        const [x1, y1] = api.coord([api.value(2), api.value(3)]);
        return {
          type: 'image',
          style: { image: tileUrl(TILES, { z: api.value(4), x: api.value(5), y: api.value(6) }), x: x0!, y: y0!, width: x1! - x0!, height: y1! - y0! },
        };
      },
    },
  ];
}

/**
 * Devices on an offline map of China (a base map shipped with the console; raster tiles only when
 * configured). Many boxes in view are grid-clustered; single boxes are drawn per state in ECharts'
 * large mode, so ten thousand stay smooth. Roaming keeps its zoom across live updates.
 */
export default function DeviceMap({ boxes, dark = false, focus, onOpen, className }: DeviceMapProps) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<{ bounds: Bounds; width: number }>({ bounds: CHINA, width: 1000 });
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });

  useEffect(() => {
    let live = true;
    void loadChinaMap().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const layer = useMemo(() => mapLayer(boxes ?? [], view.bounds), [boxes, view.bounds]);
  const tiles = useMemo(() => (TILES ? visibleTiles(view.bounds, view.width) : []), [view]);

  const base = useMemo<EChartsOption>(
    () => ({
      backgroundColor: dark ? 'transparent' : '#f7f9fc',
      tooltip: { trigger: 'item', confine: true },
      geo: {
        map: 'china',
        roam: true,
        ...(TILES && { projection: MERCATOR }),
        scaleLimit: { min: 0.8, max: 400 },
        label: { show: false },
        itemStyle: dark
          ? { areaColor: TILES ? 'rgba(13, 37, 66, 0.2)' : '#0d2542', borderColor: '#2a6bb5', borderWidth: 0.8 }
          : { areaColor: TILES ? 'rgba(255, 255, 255, 0.15)' : '#e8eef7', borderColor: '#9bb3d1', borderWidth: 0.8 },
        emphasis: { disabled: true },
        select: { disabled: true },
        silent: true,
      },
    }),
    [dark],
  );

  const option = useMemo<EChartsOption>(() => {
    const series =
      layer.kind === 'clusters'
        ? [
            {
              id: 'clusters',
              type: 'scatter' as const,
              coordinateSystem: 'geo',
              data: layer.clusters.map((cluster) => ({
                value: [cluster.longitude, cluster.latitude, cluster.count],
                cluster,
                symbolSize: clusterSize(cluster.count),
                itemStyle: { color: STATE_COLORS[cluster.state], opacity: 0.85, borderColor: '#fff', borderWidth: 1 },
                label: { show: cluster.count > 1, formatter: String(cluster.count), color: '#fff', fontSize: 11, fontWeight: 600 },
              })),
              tooltip: {
                formatter: (params: { data: { cluster: Cluster } }) =>
                  params.data.cluster.count > 1
                    ? t('map.cluster', { count: params.data.cluster.count, state: statusLabel(params.data.cluster.state) })
                    : `${params.data.cluster.sample.name}<br/>${params.data.cluster.sample.id} · ${statusLabel(params.data.cluster.state)}`,
              },
            },
          ]
        : STATES_BY_SEVERITY.map((state) => ({
            id: `points-${state}`,
            name: statusLabel(state),
            type: 'scatter' as const,
            coordinateSystem: 'geo',
            large: true,
            largeThreshold: 2000,
            progressive: 4000,
            symbolSize: focus ? 12 : 8,
            itemStyle: { color: STATE_COLORS[state], borderColor: '#fff', borderWidth: 0.5 },
            data: layer.points.filter((point) => point.state === state).map((point) => ({ value: [point.longitude, point.latitude], point })),
            tooltip: {
              formatter: (params: { data: { point: MapPoint } }) =>
                `${params.data.point.name}<br/>${params.data.point.id} · ${statusLabel(params.data.point.state)}`,
            },
          }));
    const marker = focus
      ? [
          {
            id: 'focus',
            type: 'scatter' as const,
            coordinateSystem: 'geo',
            symbol: 'pin',
            symbolSize: 42,
            z: 5,
            itemStyle: { color: STATE_COLORS[focus.state] },
            label: { show: true, formatter: focus.id, position: 'top' as const, color: dark ? '#fff' : '#333', fontWeight: 600 },
            data: [{ value: [focus.longitude, focus.latitude], point: focus }],
            tooltip: { formatter: `${focus.name}<br/>${focus.id} · ${statusLabel(focus.state)}` },
          },
        ]
      : [];
    return { ...base, series: [...tileSeries(tiles), ...series, ...marker] } as EChartsOption;
  }, [base, layer, tiles, focus, dark, t, statusLabel]);

  function onReady(instance: EChartsType) {
    // The view is set once: later updates replace only the series, so the user's roam stays.
    if (focus) queueMicrotask(() => instance.setOption({ geo: { center: [focus.longitude, focus.latitude], zoom: 12 } }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const width = instance.getWidth();
      const height = instance.getHeight();
      const northWest = instance.convertFromPixel({ geoIndex: 0 }, [0, 0]) as number[] | undefined;
      const southEast = instance.convertFromPixel({ geoIndex: 0 }, [width, height]) as number[] | undefined;
      if (!northWest || !southEast || !Number.isFinite(northWest[0])) return;
      setView({ bounds: { west: northWest[0]!, east: southEast[0]!, south: southEast[1]!, north: northWest[1]! }, width });
    };
    instance.on('georoam', () => {
      clearTimeout(timer);
      timer = setTimeout(measure, 120);
    });
    instance.on('finished', function once() {
      instance.off('finished', once);
      measure();
    });
    instance.on('click', (params) => {
      const data = params.data as { cluster?: Cluster; point?: MapPoint } | undefined;
      if (data?.point) open.current?.(data.point);
      else if (data?.cluster && data.cluster.count === 1) open.current?.(data.cluster.sample);
      else if (data?.cluster) {
        const geo = (instance.getOption() as { geo?: { zoom?: number }[] }).geo?.[0];
        instance.setOption({ geo: { center: [data.cluster.longitude, data.cluster.latitude], zoom: (geo?.zoom ?? 1) * 2.5 } });
        setTimeout(measure, 50);
      }
    });
  }

  return (
    <div
      className={['device-map', dark ? 'device-map--dark' : '', className].filter(Boolean).join(' ')}
      data-layer={layer.kind}
      data-count={layer.kind === 'clusters' ? layer.clusters.length : layer.points.length}
    >
      {ready ? (
        <Chart option={option} parts={PARTS} merge replaceMerge={REPLACE} onReady={onReady} className="device-map__chart" label="device-map" />
      ) : (
        <Spin className="device-map__loading" />
      )}
    </div>
  );
}
