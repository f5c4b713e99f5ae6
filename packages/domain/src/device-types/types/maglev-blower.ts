import { MAGLEV_BLOWER_BASICS, MAGLEV_BLOWER } from '../basics.js';
import { deviceTypeSchema } from '../device-type.js';
import {
  bitSet,
  choice,
  faultCode,
  hintCode,
  lockRegisters,
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

const R = MAGLEV_BLOWER;
/** The controller's lock: hint code, password, lock state, service days left. */
const UNLOCK = { hint: R.hintCode, password: R.password, state: R.lockState, service_days: R.serviceDays };
const STATUS_WORD = R.running;
const temperature = { decimals: 1, signed: true };
const displacement = { decimals: 1, signed: true };

export const MAGLEV_FAULT_CODES = {
  0: text('无故障', 'No fault', 'Sin fallo', '故障なし'),
  1: text('变频器过流', 'Inverter overcurrent', 'Sobrecorriente del variador', 'インバータ過電流'),
  2: text('直流母线过压', 'DC bus overvoltage', 'Sobretensión del bus de CC', '直流母線過電圧'),
  3: text('直流母线欠压', 'DC bus undervoltage', 'Subtensión del bus de CC', '直流母線不足電圧'),
  4: text('电机绕组过温', 'Motor winding overtemperature', 'Sobretemperatura del devanado del motor', 'モータ巻線過熱'),
  5: text('轴承过温', 'Bearing overtemperature', 'Sobretemperatura de cojinete', '軸受過熱'),
  6: text('磁悬浮轴承位移超限', 'Magnetic bearing displacement out of limit', 'Desplazamiento del cojinete magnético fuera de límite', '磁気軸受変位超過'),
  7: text('喘振停机', 'Surge shutdown', 'Parada por bombeo', 'サージ停止'),
  8: text('超速', 'Overspeed', 'Sobrevelocidad', '過速度'),
  9: text('变频器故障', 'Inverter fault', 'Fallo del variador', 'インバータ異常'),
  10: text('通讯故障', 'Communication fault', 'Fallo de comunicación', '通信異常'),
  11: text('进气滤网堵塞', 'Inlet filter blocked', 'Filtro de admisión obstruido', '吸気フィルタ目詰まり'),
  12: text('紧急停机', 'Emergency stop', 'Parada de emergencia', '非常停止'),
};

const registers = [
  statusFlag(R.running, 'running', { address: STATUS_WORD, bit: 0 }),
  statusFlag(R.ready, 'ready', { address: STATUS_WORD, bit: 1 }),
  statusFlag(R.remote, 'remote', { address: STATUS_WORD, bit: 2 }),
  statusFlag(R.fault, 'fault', { address: STATUS_WORD, bit: 3 }),
  statusFlag(R.alarm, 'alarm', { address: STATUS_WORD, bit: 4 }),
  statusFlag(R.surgeProtection, 'surgeProtection', { address: STATUS_WORD, bit: 5 }),
  reading(R.speed, text('电机转速', 'Motor speed', 'Velocidad del motor', 'モータ回転数'), 'rpm'),
  reading(R.power, text('电机功率', 'Motor power', 'Potencia del motor', 'モータ出力'), 'kW', { decimals: 1 }),
  reading(R.current, text('输入电流', 'Input current', 'Corriente de entrada', '入力電流'), 'A', { decimals: 1 }),
  reading(R.dcBusVoltage, text('直流母线电压', 'DC bus voltage', 'Tensión del bus de CC', '直流母線電圧'), 'V'),
  reading(R.flow, text('风量', 'Air flow', 'Caudal de aire', '風量'), 'm³/min', { decimals: 1 }),
  reading(R.inletPressure, text('进口压力', 'Inlet pressure', 'Presión de entrada', '吸込圧力'), 'kPa', { decimals: 2, signed: true }),
  reading(R.outletPressure, text('出口压力', 'Outlet pressure', 'Presión de salida', '吐出圧力'), 'kPa', { decimals: 1 }),
  reading(R.inletTemperature, text('进口温度', 'Inlet temperature', 'Temperatura de entrada', '吸込温度'), '°C', temperature),
  reading(R.outletTemperature, text('出口温度', 'Outlet temperature', 'Temperatura de salida', '吐出温度'), '°C', temperature),
  reading(R.windingTemperature, text('电机绕组温度', 'Motor winding temperature', 'Temperatura del devanado del motor', 'モータ巻線温度'), '°C', temperature),
  reading(R.frontBearingTemperature, text('前轴承温度', 'Front bearing temperature', 'Temperatura del cojinete delantero', '前軸受温度'), '°C', temperature),
  reading(R.rearBearingTemperature, text('后轴承温度', 'Rear bearing temperature', 'Temperatura del cojinete trasero', '後軸受温度'), '°C', temperature),
  reading(R.frontBearingX, text('前轴承X向位移', 'Front bearing X displacement', 'Desplazamiento X del cojinete delantero', '前軸受X変位'), 'µm', displacement),
  reading(R.frontBearingY, text('前轴承Y向位移', 'Front bearing Y displacement', 'Desplazamiento Y del cojinete delantero', '前軸受Y変位'), 'µm', displacement),
  reading(R.rearBearingX, text('后轴承X向位移', 'Rear bearing X displacement', 'Desplazamiento X del cojinete trasero', '後軸受X変位'), 'µm', displacement),
  reading(R.rearBearingY, text('后轴承Y向位移', 'Rear bearing Y displacement', 'Desplazamiento Y del cojinete trasero', '後軸受Y変位'), 'µm', displacement),
  reading(R.axialDisplacement, text('轴向位移', 'Axial displacement', 'Desplazamiento axial', '軸方向変位'), 'µm', displacement),
  reading(R.vibration, text('振动速度', 'Vibration velocity', 'Velocidad de vibración', '振動速度'), 'mm/s', { decimals: 2 }),
  totalRunHours(R.runHours),
  faultCode(R.faultCode, MAGLEV_FAULT_CODES),
  hintCode(R.hintCode),
  softwareVersion(R.softwareVersion),
  reading(
    R.surgeFlowAtZero,
    text('喘振线零压风量', 'Surge line flow at zero pressure', 'Caudal de la línea de bombeo a presión cero', 'サージライン零圧風量'),
    'm³/min',
    { decimals: 1 },
  ),
  reading(R.surgeFlowSlope, text('喘振线斜率', 'Surge line slope', 'Pendiente de la línea de bombeo', 'サージライン勾配'), 'm³/min/kPa', { decimals: 3 }),
  reading(R.surgeMargin, text('喘振裕度', 'Surge margin', 'Margen de bombeo', 'サージ余裕度'), '%', { decimals: 1, signed: true }),
  choice(
    R.controlMode,
    text('控制模式', 'Control mode', 'Modo de control', '制御モード'),
    { 0: text('恒转速', 'Constant speed', 'Velocidad constante', '定回転数'), 1: text('恒压力', 'Constant pressure', 'Presión constante', '定圧力') },
    { writable: true },
  ),
  setting(R.speedSetPoint, text('转速设定', 'Speed set point', 'Consigna de velocidad', '回転数設定'), 'rpm', { min: 9000, max: 30000 }),
  setting(R.pressureSetPoint, text('压力设定', 'Pressure set point', 'Consigna de presión', '圧力設定'), 'kPa', { min: 30, max: 120 }, { decimals: 1 }),
  startStopCommand(R.startStop),
  ...lockRegisters(UNLOCK),
];

/** Alert limits an operator of a maglev blower expects; the controller trips on its own fault limits. */
export const MAGLEV_LIMITS = { bearingTemperature: 85, windingTemperature: 130, outletTemperature: 120, vibration: 4.5, surgeMargin: 5 } as const;

export const maglevBlower = deviceTypeSchema.parse({
  id: MAGLEV_BLOWER_BASICS.id,
  name: MAGLEV_BLOWER_BASICS.name,
  kind: MAGLEV_BLOWER_BASICS.kind,
  registers,
  layout: pageLayout(MAGLEV_BLOWER_BASICS.template, registers, [
    [R.running, R.fault],
    [R.speed, R.speedSetPoint],
    [R.power, R.current],
    [R.flow, R.outletPressure],
    [R.inletPressure, R.pressureSetPoint],
    [R.inletTemperature, R.outletTemperature],
    [R.windingTemperature, R.vibration],
    [R.frontBearingTemperature, R.rearBearingTemperature],
    [R.frontBearingX, R.frontBearingY],
    [R.rearBearingX, R.rearBearingY],
    [R.axialDisplacement, R.dcBusVoltage],
    [R.surgeMargin, R.surgeProtection],
    [R.controlMode, R.startStop],
    [R.runHours, R.faultCode],
    [R.lockState, R.serviceDays],
    [R.hintCode, R.password],
    [R.softwareVersion],
  ]),
  unlock: UNLOCK,
  charts: {
    gauges: [
      {
        register: R.speed,
        min: 0,
        max: 35000,
        bands: [
          { to: 28000, color: '#52c41a' },
          { to: 32000, color: '#faad14' },
          { to: 35000, color: '#f5222d' },
        ],
      },
      { register: R.flow, min: 0, max: 200 },
      { register: R.outletPressure, min: 0, max: 150 },
      { register: R.power, min: 0, max: 400 },
    ],
    stop: { register: R.running, condition: { type: 'equals', values: [0] } },
  },
  events: [
    bitSet(R.fault, 0, 'fault', text('鼓风机故障停机', 'Blower tripped on a fault', 'La soplante se detuvo por un fallo', 'ブロワが故障停止しました')),
    bitSet(R.surgeProtection, 0, 'alert', text('喘振保护动作', 'Surge protection acted', 'Actuó la protección antibombeo', 'サージ保護が動作しました')),
    threshold(
      R.frontBearingTemperature,
      '>',
      MAGLEV_LIMITS.bearingTemperature,
      'alert',
      text('前轴承温度过高', 'Front bearing temperature high', 'Temperatura alta del cojinete delantero', '前軸受温度が高い'),
      { clear_hysteresis: 5 },
    ),
    threshold(
      R.rearBearingTemperature,
      '>',
      MAGLEV_LIMITS.bearingTemperature,
      'alert',
      text('后轴承温度过高', 'Rear bearing temperature high', 'Temperatura alta del cojinete trasero', '後軸受温度が高い'),
      { clear_hysteresis: 5 },
    ),
    threshold(
      R.windingTemperature,
      '>',
      MAGLEV_LIMITS.windingTemperature,
      'alert',
      text('电机绕组温度过高', 'Motor winding temperature high', 'Temperatura alta del devanado del motor', 'モータ巻線温度が高い'),
      { clear_hysteresis: 5 },
    ),
    threshold(
      R.outletTemperature,
      '>',
      MAGLEV_LIMITS.outletTemperature,
      'alert',
      text('出口温度过高', 'Outlet temperature high', 'Temperatura de salida alta', '吐出温度が高い'),
      { clear_hysteresis: 5 },
    ),
    threshold(R.vibration, '>', MAGLEV_LIMITS.vibration, 'alert', text('振动过大', 'Vibration high', 'Vibración alta', '振動が大きい'), {
      debounce_s: 60,
      clear_hysteresis: 0.5,
    }),
    threshold(
      R.surgeMargin,
      '<',
      MAGLEV_LIMITS.surgeMargin,
      'alert',
      text('接近喘振区', 'Operating close to surge', 'Funcionamiento cerca del bombeo', 'サージ域に接近しています'),
      { debounce_s: 10, clear_hysteresis: 2 },
    ),
  ],
});
