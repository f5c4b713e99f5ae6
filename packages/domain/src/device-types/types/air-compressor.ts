import { AIR_COMPRESSOR_BASICS, AIR_COMPRESSOR } from '../basics.js';
import { deviceTypeSchema } from '../device-type.js';
import {
  bitSet,
  choice,
  faultCode,
  hintCode,
  lockRegisters,
  hours,
  pageLayout,
  reading,
  setting,
  softwareVersion,
  startStopCommand,
  statusFlag,
  text,
  threshold,
  totalRunHours,
} from '../define.js';

const R = AIR_COMPRESSOR;
/** The controller's lock: hint code, password, lock state, service days left. */
const UNLOCK = { hint: R.hintCode, password: R.password, state: R.lockState, service_days: R.serviceDays };
const STATUS_WORD = R.running;
const temperature = { decimals: 1, signed: true };
// Counting down past zero shows how long a service is overdue.
const remaining = { signed: true };

export const COMPRESSOR_FAULT_CODES = {
  0: text('无故障', 'No fault', 'Sin fallo', '故障なし'),
  1: text('排气温度过高停机', 'High discharge temperature shutdown', 'Parada por alta temperatura de descarga', '吐出温度高停止'),
  2: text('主电机过载', 'Main motor overload', 'Sobrecarga del motor principal', '主モータ過負荷'),
  3: text('风扇电机过载', 'Fan motor overload', 'Sobrecarga del motor del ventilador', 'ファンモータ過負荷'),
  4: text('电源缺相或相序错误', 'Phase loss or wrong phase sequence', 'Falta de fase o secuencia de fases incorrecta', '欠相または逆相'),
  5: text('排气压力过高停机', 'High discharge pressure shutdown', 'Parada por alta presión de descarga', '吐出圧力高停止'),
  6: text('传感器故障', 'Sensor failure', 'Fallo de sensor', 'センサ異常'),
  7: text('紧急停机', 'Emergency stop', 'Parada de emergencia', '非常停止'),
};

export const COMPRESSOR_ALARM_CODES = {
  0: text('无报警', 'No alarm', 'Sin alarma', '警報なし'),
  1: text('油滤器需更换', 'Oil filter due', 'Cambio de filtro de aceite pendiente', 'オイルフィルタ交換時期'),
  2: text('空滤器需更换', 'Air filter due', 'Cambio de filtro de aire pendiente', 'エアフィルタ交換時期'),
  3: text('油分器需更换', 'Oil separator due', 'Cambio de separador de aceite pendiente', 'オイルセパレータ交換時期'),
  4: text('润滑油需更换', 'Oil change due', 'Cambio de aceite pendiente', 'オイル交換時期'),
  5: text('排气温度偏高', 'Discharge temperature high', 'Temperatura de descarga alta', '吐出温度高'),
};

/** Service intervals in run hours, as the maintenance counters restart after a service. */
export const COMPRESSOR_SERVICE_HOURS = { oilFilter: 2000, airFilter: 2000, separator: 4000, oilChange: 4000 } as const;

const registers = [
  statusFlag(R.running, 'running', { address: STATUS_WORD, bit: 0 }),
  statusFlag(R.loaded, 'loaded', { address: STATUS_WORD, bit: 1 }),
  statusFlag(R.remote, 'remote', { address: STATUS_WORD, bit: 2 }),
  statusFlag(R.fault, 'fault', { address: STATUS_WORD, bit: 3 }),
  statusFlag(R.alarm, 'alarm', { address: STATUS_WORD, bit: 4 }),
  reading(R.dischargePressure, text('排气压力', 'Discharge pressure', 'Presión de descarga', '吐出圧力'), 'MPa', { decimals: 2 }),
  reading(R.dischargeTemperature, text('排气温度', 'Discharge temperature', 'Temperatura de descarga', '吐出温度'), '°C', temperature),
  reading(R.oilTemperature, text('油温', 'Oil temperature', 'Temperatura del aceite', '油温'), '°C', temperature),
  reading(R.motorCurrent, text('主电机电流', 'Main motor current', 'Corriente del motor principal', '主モータ電流'), 'A', { decimals: 1 }),
  reading(R.supplyVoltage, text('供电电压', 'Supply voltage', 'Tensión de alimentación', '電源電圧'), 'V'),
  reading(R.power, text('输入功率', 'Input power', 'Potencia de entrada', '入力電力'), 'kW', { decimals: 1 }),
  totalRunHours(R.runHours),
  hours(R.loadHours, text('累计加载时间', 'Total load hours', 'Horas en carga acumuladas', '累積ロード時間')),
  reading(
    R.oilFilterRemaining,
    text('油滤器剩余时间', 'Oil filter hours remaining', 'Horas restantes del filtro de aceite', 'オイルフィルタ残り時間'),
    'h',
    remaining,
  ),
  reading(
    R.airFilterRemaining,
    text('空滤器剩余时间', 'Air filter hours remaining', 'Horas restantes del filtro de aire', 'エアフィルタ残り時間'),
    'h',
    remaining,
  ),
  reading(
    R.separatorRemaining,
    text('油分器剩余时间', 'Oil separator hours remaining', 'Horas restantes del separador de aceite', 'オイルセパレータ残り時間'),
    'h',
    remaining,
  ),
  reading(
    R.oilChangeRemaining,
    text('润滑油剩余时间', 'Oil change hours remaining', 'Horas restantes hasta el cambio de aceite', 'オイル交換までの残り時間'),
    'h',
    remaining,
  ),
  faultCode(R.faultCode, COMPRESSOR_FAULT_CODES),
  choice(R.alarmCode, text('报警代码', 'Alarm code', 'Código de alarma', '警報コード'), COMPRESSOR_ALARM_CODES),
  hintCode(R.hintCode),
  softwareVersion(R.softwareVersion),
  setting(R.loadPressure, text('加载压力', 'Load pressure', 'Presión de carga', 'ロード圧力'), 'MPa', { min: 0.4, max: 1.2 }, { decimals: 2 }),
  setting(
    R.unloadPressure,
    text('卸载压力', 'Unload pressure', 'Presión de descarga en vacío', 'アンロード圧力'),
    'MPa',
    { min: 0.5, max: 1.3 },
    { decimals: 2 },
  ),
  startStopCommand(R.startStop),
  ...lockRegisters(UNLOCK),
];

const serviceDue = (register: number, message: ReturnType<typeof text>) =>
  threshold(register, '<=', 0, 'alert', message, { debounce_s: 0, clear_hysteresis: 1 });

export const airCompressor = deviceTypeSchema.parse({
  id: AIR_COMPRESSOR_BASICS.id,
  name: AIR_COMPRESSOR_BASICS.name,
  kind: AIR_COMPRESSOR_BASICS.kind,
  registers,
  layout: pageLayout(AIR_COMPRESSOR_BASICS.template, registers, [
    [R.running, R.loaded],
    [R.dischargePressure, R.dischargeTemperature],
    [R.oilTemperature, R.motorCurrent],
    [R.supplyVoltage, R.power],
    [R.loadPressure, R.unloadPressure],
    [R.runHours, R.loadHours],
    [R.oilFilterRemaining, R.airFilterRemaining],
    [R.separatorRemaining, R.oilChangeRemaining],
    [R.faultCode, R.alarmCode],
    [R.startStop, R.remote],
    [R.lockState, R.serviceDays],
    [R.hintCode, R.password],
    [R.softwareVersion],
  ]),
  unlock: UNLOCK,
  charts: {
    gauges: [
      {
        register: R.dischargePressure,
        min: 0,
        max: 1.6,
        bands: [
          { to: 1.0, color: '#52c41a' },
          { to: 1.3, color: '#faad14' },
          { to: 1.6, color: '#f5222d' },
        ],
      },
      {
        register: R.dischargeTemperature,
        min: 0,
        max: 120,
        bands: [
          { to: 95, color: '#52c41a' },
          { to: 105, color: '#faad14' },
          { to: 120, color: '#f5222d' },
        ],
      },
      { register: R.motorCurrent, min: 0, max: 400 },
      { register: R.power, min: 0, max: 250 },
    ],
    stop: { register: R.running, condition: { type: 'equals', values: [0] } },
  },
  events: [
    bitSet(
      R.fault,
      0,
      'fault',
      text('空压机故障停机', 'Compressor tripped on a fault', 'El compresor se detuvo por un fallo', 'コンプレッサが故障停止しました'),
    ),
    threshold(R.dischargeTemperature, '>', 100, 'alert', text('排气温度过高', 'Discharge temperature high', 'Temperatura de descarga alta', '吐出温度が高い'), {
      clear_hysteresis: 3,
    }),
    threshold(R.dischargePressure, '>', 1.35, 'alert', text('排气压力过高', 'Discharge pressure high', 'Presión de descarga alta', '吐出圧力が高い'), {
      debounce_s: 10,
      clear_hysteresis: 0.05,
    }),
    serviceDue(
      R.oilFilterRemaining,
      text('油滤器到期，请更换', 'Oil filter due for replacement', 'Filtro de aceite pendiente de cambio', 'オイルフィルタの交換時期です'),
    ),
    serviceDue(
      R.airFilterRemaining,
      text('空滤器到期，请更换', 'Air filter due for replacement', 'Filtro de aire pendiente de cambio', 'エアフィルタの交換時期です'),
    ),
    serviceDue(
      R.separatorRemaining,
      text('油分器到期，请更换', 'Oil separator due for replacement', 'Separador de aceite pendiente de cambio', 'オイルセパレータの交換時期です'),
    ),
    serviceDue(R.oilChangeRemaining, text('润滑油到期，请更换', 'Oil change due', 'Cambio de aceite pendiente', 'オイル交換の時期です')),
  ],
});
