import { GENERIC_PLC_BASICS, GENERIC_PLC } from '../basics.js';
import { deviceTypeSchema } from '../device-type.js';
import { bitSet, bitWord, flag, hintCode, lockRegisters, pageLayout, reading, setting, text, threshold } from '../define.js';

const COIL_COUNT = 16;
const INPUT_COUNT = 8;

const R = GENERIC_PLC;
/** The controller's lock: hint code, password, lock state, service days left. */
const UNLOCK = { hint: R.hintCode, password: R.password, state: R.lockState, service_days: R.serviceDays };
/** Input X7 is wired to the emergency-stop button. */
export const EMERGENCY_STOP_INPUT = R.firstInput + 7;
/** Bits of the alarm word D7. */
export const PLC_ALARM_BITS = { motorOverload: 0, lowAirPressure: 1 } as const;

const coil = (index: number) => R.firstCoil + index;
const input = (index: number) => R.firstInput + index;
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

const registers = [
  ...range(COIL_COUNT).map((index) =>
    flag(coil(index), text(`输出 Y${index}`, `Output Y${index}`, `Salida Y${index}`, `出力 Y${index}`), { address: coil(0), bit: index, writable: true }),
  ),
  ...range(INPUT_COUNT).map((index) =>
    flag(input(index), text(`输入 X${index}`, `Input X${index}`, `Entrada X${index}`, `入力 X${index}`), { address: input(0), bit: index }),
  ),
  setting(R.productionTarget, text('D0 生产目标', 'D0 Production target', 'D0 Objetivo de producción', 'D0 生産目標'), 'pcs', { min: 0, max: 60000 }),
  setting(
    R.temperatureOffset,
    text('D1 温度补偿', 'D1 Temperature offset', 'D1 Compensación de temperatura', 'D1 温度補正'),
    '°C',
    { min: -50, max: 50 },
    { decimals: 1, signed: true },
  ),
  reading(R.productionCount, text('D2 产量计数', 'D2 Production count', 'D2 Contador de producción', 'D2 生産数'), 'pcs'),
  reading(R.positionDeviation, text('D3 位置偏差', 'D3 Position deviation', 'D3 Desviación de posición', 'D3 位置偏差'), 'mm', { decimals: 2, signed: true }),
  setting(
    R.cycleTimeSetPoint,
    text('D4 节拍时间设定', 'D4 Cycle time set point', 'D4 Consigna de tiempo de ciclo', 'D4 サイクルタイム設定'),
    's',
    { min: 1, max: 600 },
    { decimals: 1 },
  ),
  reading(R.currentStep, text('D5 当前工步', 'D5 Current step', 'D5 Paso actual', 'D5 現在ステップ'), ''),
  setting(
    R.speedReference,
    text('D6 速度给定', 'D6 Speed reference', 'D6 Referencia de velocidad', 'D6 速度指令'),
    'rpm',
    { min: -1500, max: 1500 },
    { signed: true },
  ),
  bitWord(R.alarmWord, text('D7 报警字', 'D7 Alarm word', 'D7 Palabra de alarmas', 'D7 警報ワード')),
  reading(R.pressureInput, text('AI0 压力', 'AI0 Pressure', 'AI0 Presión', 'AI0 圧力'), 'MPa', { decimals: 3 }),
  reading(R.temperatureInput, text('AI1 温度', 'AI1 Temperature', 'AI1 Temperatura', 'AI1 温度'), '°C', { decimals: 1, signed: true }),
  hintCode(R.hintCode),
  ...lockRegisters(UNLOCK),
];

const pairs = (numbers: number[]) => range(Math.ceil(numbers.length / 2)).map((row) => [numbers[2 * row]!, numbers[2 * row + 1]] as const);

export const genericPlc = deviceTypeSchema.parse({
  id: GENERIC_PLC_BASICS.id,
  name: GENERIC_PLC_BASICS.name,
  kind: GENERIC_PLC_BASICS.kind,
  registers,
  layout: pageLayout(GENERIC_PLC_BASICS.template, registers, [
    ...pairs(range(COIL_COUNT).map(coil)),
    ...pairs(range(INPUT_COUNT).map(input)),
    ...pairs([
      R.productionTarget,
      R.productionCount,
      R.cycleTimeSetPoint,
      R.currentStep,
      R.speedReference,
      R.positionDeviation,
      R.temperatureOffset,
      R.alarmWord,
    ]),
    [R.pressureInput, R.temperatureInput],
    [R.lockState, R.serviceDays],
    [R.hintCode, R.password],
  ]),
  unlock: UNLOCK,
  charts: {
    gauges: [
      { register: R.pressureInput, min: 0, max: 1 },
      {
        register: R.temperatureInput,
        min: -20,
        max: 100,
        bands: [
          { to: 60, color: '#52c41a' },
          { to: 80, color: '#faad14' },
          { to: 100, color: '#f5222d' },
        ],
      },
      R.speedReference,
    ],
  },
  events: [
    bitSet(EMERGENCY_STOP_INPUT, 0, 'fault', text('急停按钮已按下', 'Emergency stop pressed', 'Parada de emergencia pulsada', '非常停止ボタンが押されました')),
    bitSet(R.alarmWord, PLC_ALARM_BITS.motorOverload, 'alert', text('电机过载', 'Motor overload', 'Sobrecarga del motor', 'モータ過負荷'), { debounce_s: 5 }),
    bitSet(
      R.alarmWord,
      PLC_ALARM_BITS.lowAirPressure,
      'alert',
      text('气源压力低', 'Low supply air pressure', 'Presión de aire de alimentación baja', '供給空気圧低下'),
      { debounce_s: 5 },
    ),
    threshold(R.temperatureInput, '>', 80, 'alert', text('AI1 温度过高', 'AI1 temperature high', 'Temperatura AI1 alta', 'AI1 温度が高い'), {
      clear_hysteresis: 2,
    }),
  ],
});
