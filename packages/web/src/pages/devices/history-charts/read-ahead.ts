import type { DeviceTypeCharts, RealtimeRegister } from '@cloudbox/domain';
import { parseRouteTime } from '@cloudbox/domain';
import { getTypeCharts } from '../../../api/chartSettings';
import { getDeviceDetail, getHistory, getRealtime } from '../../../api/devices';
import { pickController } from '../../../components/DeviceHeader/controller';
import { addDays, dayInZone, midnightOf, type CalendarDay } from '../../../components/charts/zone';
import type { ScreenRoute } from '../../../router/screens';
import { readAhead } from '../../../utils/request';
import { defaultRegisters, isCurveRegister } from '../shared/registers';
import { MAGLEV_CURVES } from './maglev';

/**
 * What a day's curves screen (history-charts, maglev-charts) reads first, and the route's reading
 * it shares with the screen. Apart from the screen's module: the reads go out beside the user's
 * info while ECharts (the screen's largest chunk) still downloads.
 */

/** The two screens of a day's curves: a controller's, with its type's key registers; a maglev blower's set. */
export type Variant = 'controller' | 'maglev';

/**
 * Points per register of a curve: the server keeps each bucket's first, lowest, highest and last.
 * A zoomed window is fetched again with the same budget, so a year zoomed to a day shows the day's detail.
 */
export const POINTS = 720;

/** How far back from the end of the chosen day the curves reach (`?span=`). */
export const SPANS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type Span = keyof typeof SPANS;

export function spanOf(value: string | null): Span {
  return value !== null && value in SPANS ? (value as Span) : 'day';
}

/** A `:time` parameter as a calendar day of the CK's zone: YYYYMMDD, or the day of an epoch instant; else today there. */
export function dayOf(value: string | undefined, zone: string, now = Date.now()): CalendarDay {
  return dayInZone(value === undefined ? undefined : parseRouteTime(value), zone, now);
}

/** The instants a span ending with `day` covers: from the zone's midnight `SPANS[span]` days before to the midnight after it. */
export function spanRange(day: CalendarDay, span: Span, zone: string): { from: number; to: number } {
  return { from: midnightOf(addDays(day, 1 - SPANS[span]), zone), to: midnightOf(addDays(day, 1), zone) };
}

/** The box of a `:tag_id` route parameter (`box` or `box-controller`). */
export const boxOf = (tagId: string | undefined) => (tagId ?? '').split('-')[0] ?? '';

/**
 * The opening curves last asked for a controller (its zone and registers), remembered across
 * reloads: a reload asks for them at once, beside the user's info, instead of after the device,
 * its registers and its type's charts, three round trips in series. Should they have changed, the
 * screen asks for the right ones (a read ahead serves only the same call).
 */
const REMEMBERED_KEY = 'cloudbox.opening-curves';
/** Controllers remembered; the least recently opened is forgotten first. */
const REMEMBERED_MAX = 20;

interface OpeningCurves {
  zone: string;
  registers: number[];
}

const rememberedId = (boxId: string, controllerId: number, variant: Variant) => `${variant}/${boxId}/${controllerId}`;

function remembered(): [string, OpeningCurves][] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as [string, OpeningCurves][]) : [];
  } catch {
    return []; // unreadable or not allowed: nothing remembered
  }
}

export function rememberOpeningCurves(boxId: string, controllerId: number, variant: Variant, curves: OpeningCurves): void {
  const id = rememberedId(boxId, controllerId, variant);
  const others = remembered().filter(([known]) => known !== id);
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify([...others.slice(1 - REMEMBERED_MAX), [id, curves]]));
  } catch {
    // storage full or not allowed: the next reload reads in series
  }
}

export function recallOpeningCurves(boxId: string, controllerId: number, variant: Variant): OpeningCurves | undefined {
  const id = rememberedId(boxId, controllerId, variant);
  return remembered().find(([known]) => known === id)?.[1];
}

/**
 * Read before the screen mounts on a visit's first page, each as soon as what it needs is in:
 * the device and the registers of the controller the URL names, then its type's charts, then the
 * curves the screen opens with (at once when remembered from the last visit).
 */
export function readAheadDayCurves({ params, query }: ScreenRoute, variant: Variant): void {
  const boxId = boxOf(params.tag_id);
  const controllerId = Number(query.get('controller') ?? Number.NaN);
  const detail = getDeviceDetail(boxId);
  if (!Number.isInteger(controllerId)) return;
  const realtime = getRealtime(boxId, controllerId);
  const readCurves = ({ zone, registers }: OpeningCurves) => {
    const { from, to } = spanRange(dayOf(params.time, zone), spanOf(query.get('span')), zone);
    readAhead(() => void getHistory(boxId, controllerId, { from, to, registers, points: POINTS }));
  };
  const recalled = recallOpeningCurves(boxId, controllerId, variant);
  if (recalled) readCurves(recalled);
  void detail
    .then(async (device) => {
      const deviceType = pickController(device, controllerId)?.device_type;
      if (!deviceType) return;
      let charts!: Promise<DeviceTypeCharts>;
      readAhead(() => (charts = getTypeCharts(deviceType)));
      const [{ registers }, typeCharts] = await Promise.all([realtime, charts]);
      const opening = { zone: device.time_zone, registers: presetOf(variant, registers.filter(isCurveRegister), typeCharts) };
      const asked = recalled?.zone === opening.zone && recalled.registers.join() === opening.registers.join();
      if (opening.registers.length > 0 && !asked) readCurves(opening);
    })
    .catch(() => undefined); // the screen's own requests report
}

/** The curves a controller's page opens with: the maglev set, or its type's key registers first. */
export function presetOf(variant: Variant, curves: readonly RealtimeRegister[], typeCharts: DeviceTypeCharts | undefined): number[] {
  if (variant === 'maglev') return MAGLEV_CURVES.filter((number) => curves.some((register) => register.number === number));
  return defaultRegisters(
    curves,
    typeCharts?.gauges.map((gauge) => gauge.register),
    6,
  );
}
