import { encodeText, findRegister, MAGLEV_BLOWER as R, MAGLEV_FAULT_CODES, MAGLEV_LIMITS, type DeviceType } from '@cloudbox/domain';
import { between, hash, smoothNoise } from '../random.js';
import type { ControllerModel, Readings, Settings, StepContext } from './model.js';
import { alertRuleMet } from './model.js';
import { ambientTemperature, clamp, creepShare, dailyLoad, faultCodes, hintCode, jitter, lag, ramp, tripCode } from './signals.js';

const ATMOSPHERE_KPA = 101.3;
const LINE_VOLTAGE = 380;
const MIN_SPEED = 9000;
const RAMP_RPM_PER_S = 100;
const RUNNING_ABOVE_RPM = 300;
const FAULT_CODES = faultCodes(MAGLEV_FAULT_CODES);

/**
 * A magnetic-levitation blower on an aeration header. In constant-pressure mode the drive speeds up
 * with the plant's demand to hold the pressure set point; in constant-speed mode it holds the speed
 * set point and pressure falls as demand opens the valves. Flow and power follow speed by the fan
 * laws, temperatures lag behind power, and the surge line bounds the low-flow side.
 */
export function maglevBlower(key: number, deviceType: DeviceType): ControllerModel {
  const ratedSpeed = Math.round(between(key, 1, 20_000, 27_000) / 100) * 100;
  const ratedFlow = between(key, 2, 60, 160);
  const ratedPressure = between(key, 3, 70, 90);
  const ratedPower = ((ratedFlow / 60) * ratedPressure) / 0.75;
  const remote = hash(key, 4) % 5 !== 0;
  const surgeFlowAtZero = 0.15 * ratedFlow;
  const surgeFlowSlope = (0.45 * ratedFlow) / ratedPressure;
  const version = encodeText(`M3.${hash(key, 5) % 4}`, findRegister(deviceType, R.softwareVersion)!);
  const state = { speed: 0, outletTemperature: 0, winding: 0, frontBearing: 0, rearBearing: 0, runHours: between(key, 6, 500, 30_000) };

  const defaults = new Map([
    [R.controlMode, 1],
    [R.speedSetPoint, ratedSpeed],
    [R.pressureSetPoint, Math.round(ratedPressure * 9) / 10],
    [R.startStop, 1],
  ]);

  function step({ ts, dt, tick, episode }: StepContext, settings: Settings, readings: Readings): void {
    const load = dailyLoad(key, ts);
    const ambient = ambientTemperature(key, ts);
    const faultCode = tripCode(episode, FAULT_CODES);
    // The share of the header's valves that are open: more demand, less resistance.
    const openness = 0.8 + 0.25 * load;

    const commanded = settings.get(R.startStop) === 1 && faultCode === 0;
    const pressureSetPoint = settings.get(R.pressureSetPoint)!;
    const holdPressureSpeed = ratedSpeed * Math.sqrt(pressureSetPoint / ratedPressure) * openness;
    const target = !commanded ? 0 : settings.get(R.controlMode) === 0 ? settings.get(R.speedSetPoint)! : clamp(holdPressureSpeed, MIN_SPEED, ratedSpeed * 1.15);
    // The simulator joins a plant that has been running for a while: the first sample is settled.
    const settled = tick === 0;
    state.speed = settled ? target : ramp(state.speed, target, RAMP_RPM_PER_S * dt);

    const n = state.speed / ratedSpeed;
    const flow = ratedFlow * n * openness;
    const outletPressure = (ratedPressure * n * n) / (openness * openness);
    const power = ratedPower * (flow / ratedFlow) * (outletPressure / ratedPressure);
    const surgeFlow = surgeFlowAtZero + surgeFlowSlope * outletPressure;
    // A stopped blower cannot surge; its controller shows full margin rather than a false alarm.
    const surgeMargin = n > 0 ? ((flow - surgeFlow) / surgeFlow) * 100 : 100;

    // Adiabatic compression heats the air; the casing and the motor take minutes to follow.
    const compressionRise = ((ambient + 273.15) * (((ATMOSPHERE_KPA + outletPressure) / ATMOSPHERE_KPA) ** 0.286 - 1)) / 0.78;
    const bearingTarget = ambient + 22 + 22 * n;
    const follow = (current: number, target: number, tauSeconds: number) => (settled ? target : lag(current, target, dt, tauSeconds));
    state.outletTemperature = follow(state.outletTemperature, ambient + compressionRise, 120);
    state.winding = follow(state.winding, ambient + 35 + 50 * (power / ratedPower) ** 2, 900);
    state.frontBearing = follow(state.frontBearing, bearingTarget, 600);
    state.rearBearing = follow(state.rearBearing, bearingTarget - 3, 600);
    const creepingFront = (MAGLEV_LIMITS.bearingTemperature + 8 - state.frontBearing) * creepShare(episode);
    if (state.speed > 0) state.runHours += dt / 3600;

    const noise = (channel: number, amplitude: number) => jitter(key, tick, channel, amplitude);
    const orbit = 2 + 6 * n;
    readings.set(R.speed, state.speed + (state.speed > 0 ? noise(1, 15) : 0));
    readings.set(R.power, power * (1 + noise(2, 0.01)));
    readings.set(R.current, (power * 1000) / (Math.sqrt(3) * LINE_VOLTAGE * 0.96));
    readings.set(R.dcBusVoltage, 540 - 0.05 * power + noise(3, 2));
    readings.set(R.flow, flow * (1 + noise(4, 0.01)));
    readings.set(R.inletPressure, -(0.3 + 1.2 * (flow / ratedFlow) ** 2) + noise(5, 0.03));
    readings.set(R.outletPressure, outletPressure + (n > 0 ? noise(6, 0.3) : 0));
    readings.set(R.inletTemperature, ambient + noise(7, 0.2));
    readings.set(R.outletTemperature, state.outletTemperature + noise(8, 0.3));
    readings.set(R.windingTemperature, state.winding + noise(9, 0.3));
    readings.set(R.frontBearingTemperature, state.frontBearing + creepingFront + noise(10, 0.2));
    readings.set(R.rearBearingTemperature, state.rearBearing + noise(11, 0.2));
    readings.set(R.frontBearingX, orbit * smoothNoise(hash(key, 12), ts, 20_000));
    readings.set(R.frontBearingY, orbit * smoothNoise(hash(key, 13), ts, 20_000));
    readings.set(R.rearBearingX, orbit * smoothNoise(hash(key, 14), ts, 20_000));
    readings.set(R.rearBearingY, orbit * smoothNoise(hash(key, 15), ts, 20_000));
    readings.set(R.axialDisplacement, 0.6 * orbit * smoothNoise(hash(key, 16), ts, 40_000));
    readings.set(R.vibration, n > 0 ? 0.5 + 1.2 * n + noise(17, 0.15) + creepingFront * 0.05 : 0);
    readings.set(R.runHours, Math.floor(state.runHours));
    readings.set(R.faultCode, faultCode);
    readings.set(R.hintCode, hintCode(key, ts));
    readings.set(R.softwareVersion, version.ok ? version.raw : 0);
    readings.set(R.surgeFlowAtZero, surgeFlowAtZero);
    readings.set(R.surgeFlowSlope, surgeFlowSlope);
    readings.set(R.surgeMargin, surgeMargin);

    readings.set(R.running, state.speed > RUNNING_ABOVE_RPM ? 1 : 0);
    readings.set(R.ready, faultCode === 0 ? 1 : 0);
    readings.set(R.remote, remote ? 1 : 0);
    readings.set(R.fault, faultCode === 0 ? 0 : 1);
    readings.set(R.surgeProtection, n > 0 && surgeMargin < 2 ? 1 : 0);
    readings.set(R.alarm, alertRuleMet(deviceType, readings) ? 1 : 0);
  }

  return { defaults, step };
}
