import { EMERGENCY_STOP_INPUT, GENERIC_PLC as R, PLC_ALARM_BITS } from '@cloudbox/domain';
import { between, hash, hash3, smoothNoise, unit } from '../random.js';
import type { ControllerModel, Readings, Settings, StepContext } from './model.js';
import { ambientTemperature, creepShare, dailyLoad, hintCode, jitter } from './signals.js';

const COILS = 16;
/** Inputs X0-X3 are the contactor feedback of outputs Y0-Y3; X4-X6 are field sensors. */
const FEEDBACK_INPUTS = 4;
const SENSOR_INPUTS = [4, 5, 6];
const STEPS = 4;
const LOW_AIR_PRESSURE_MPA = 0.45;

/**
 * A small machine PLC: the remote operator switches its outputs; Y0 runs the machine, which then
 * counts parts at the cycle time set point and steps through its sequence; analog inputs read the
 * air supply and a process temperature.
 */
export function genericPlc(key: number): ControllerModel {
  const state = { parts: Math.floor(between(key, 1, 0, 40_000)), elapsed: 0 };
  const initialCoils = (hash(key, 2) & 0xfffe) | 1;

  const defaults = new Map<number, number>([
    ...Array.from({ length: COILS }, (_, bit) => [R.firstCoil + bit, (initialCoils >>> bit) & 1] as [number, number]),
    [R.productionTarget, 5000],
    [R.temperatureOffset, 0],
    [R.cycleTimeSetPoint, Math.round(between(key, 3, 8, 30))],
    [R.speedReference, 1000],
  ]);

  function step({ ts, dt, tick, episode }: StepContext, settings: Settings, readings: Readings): void {
    const emergencyStop = episode?.kind === 'trip';
    const overload = creepShare(episode) > 0.5;
    const running = settings.get(R.firstCoil) === 1 && !emergencyStop;
    const cycleTime = settings.get(R.cycleTimeSetPoint)!;
    if (running) state.elapsed += dt;
    const parts = (state.parts + Math.floor(state.elapsed / cycleTime)) % 65_536;

    for (let input = 0; input < FEEDBACK_INPUTS; input += 1) readings.set(R.firstInput + input, settings.get(R.firstCoil + input)!);
    for (const input of SENSOR_INPUTS) readings.set(R.firstInput + input, unit(hash3(key, input, Math.floor(ts / 120_000))) < 0.5 ? 1 : 0);
    readings.set(EMERGENCY_STOP_INPUT, emergencyStop ? 1 : 0);

    const airPressure = 0.62 + 0.08 * smoothNoise(hash(key, 4), ts, 900_000) - (running ? 0.05 : 0) + jitter(key, tick, 1, 0.004);
    readings.set(R.productionCount, parts);
    readings.set(R.positionDeviation, running ? jitter(key, tick, 2, 0.5) : 0);
    readings.set(R.currentStep, running ? (Math.floor(state.elapsed / (cycleTime / STEPS)) % STEPS) + 1 : 0);
    readings.set(
      R.alarmWord,
      (overload ? 1 << PLC_ALARM_BITS.motorOverload : 0) | (airPressure < LOW_AIR_PRESSURE_MPA ? 1 << PLC_ALARM_BITS.lowAirPressure : 0),
    );
    readings.set(R.pressureInput, airPressure);
    readings.set(R.temperatureInput, ambientTemperature(key, ts) + (running ? 12 + 10 * dailyLoad(key, ts) : 0) + jitter(key, tick, 3, 0.2));
    readings.set(R.hintCode, hintCode(key, ts));
  }

  return { defaults, step };
}
