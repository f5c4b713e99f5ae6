import type { UnlockRegisters } from '../dynamic-passwords/modes.js';
import type { DeviceTypeInput, EventRule } from './device-type.js';
import { registerSchema, type LocalizedText, type Register, type RegisterInput, type RegisterWidth } from './register.js';

/**
 * Builders for the built-in device types, so that each type reads as a table of its registers and
 * every register passes the same schema as an uploaded protocol.
 */

export function text(zh: string, en: string, es: string, ja: string): LocalizedText {
  return { zh, en, es, ja };
}

interface Scale {
  decimals?: number;
  signed?: boolean;
  width?: RegisterWidth;
}

function define(input: RegisterInput): Register {
  return registerSchema.parse(input);
}

/** A value the controller measures or counts. */
export function reading(number: number, name: LocalizedText, unit: string, scale: Scale = {}): Register {
  return define({ number, name, unit, ...scale });
}

/** A parameter people may change remotely, within the limits the controller accepts. */
export function setting(number: number, name: LocalizedText, unit: string, limits: { min: number; max: number }, scale: Scale = {}): Register {
  return define({ number, name, unit, ...scale, ...limits, writable: true });
}

/** One bit of a status or coil word; with `states` it reads as their labels, else as 0/1. */
export function flag(
  number: number,
  name: LocalizedText,
  options: { address: number; bit: number; states?: readonly [LocalizedText, LocalizedText]; writable?: boolean },
): Register {
  const { address, bit, states, writable = false } = options;
  return define({
    number,
    name,
    address,
    mask: 2 ** bit,
    format: states ? 'enum' : 'bits',
    enum: states && { 0: states[0], 1: states[1] },
    writable,
    ...(writable && { min: 0, max: 1, onOff: true }),
  });
}

/** A coded value (fault code, mode, command) shown by its label; writable ones accept only listed codes. */
export function choice(
  number: number,
  name: LocalizedText,
  labels: Record<number, LocalizedText>,
  options: { writable?: boolean; onOff?: boolean } = {},
): Register {
  const codes = Object.keys(labels).map(Number);
  return define({
    number,
    name,
    format: 'enum',
    enum: labels,
    writable: options.writable ?? false,
    ...(options.writable && { min: Math.min(...codes), max: Math.max(...codes) }),
    ...(options.onOff && { onOff: true }),
  });
}

/** A whole word read as its bits, e.g. an alarm word whose bits the event rules watch. */
export function bitWord(number: number, name: LocalizedText): Register {
  return define({ number, name, format: 'bits' });
}

/** Operating hours: a 32-bit counter, since 16 bits of hours run out after seven years. */
export function hours(number: number, name: LocalizedText): Register {
  return reading(number, name, 'h', { width: 32 });
}

/** The code a locked controller shows; the console computes the dynamic password from it. */
export function hintCode(number: number): Register {
  return reading(number, text('提示码', 'Hint code', 'Código de indicación', 'ヒントコード'), '', { width: 32 });
}

/** The register a dynamic password (eight digits) is written to; it reads back 0, so nobody reads a password off it. */
export function passwordRegister(number: number): Register {
  return setting(
    number,
    text('解锁密码', 'Unlock password', 'Contraseña de desbloqueo', 'ロック解除パスワード'),
    '',
    { min: 0, max: 99_999_999 },
    { width: 32 },
  );
}

/** Whether the controller is locked (it refuses to start until a dynamic password unlocks it). */
export function lockState(number: number): Register {
  return choice(number, text('锁定状态', 'Lock state', 'Estado de bloqueo', 'ロック状態'), {
    0: text('未锁定', 'Unlocked', 'Desbloqueado', 'ロック解除'),
    1: text('已锁定', 'Locked', 'Bloqueado', 'ロック中'),
  });
}

/** The service days left before the controller locks; 65535 (PERMANENT_SERVICE_DAYS) is a permanent unlock. */
export function serviceDays(number: number): Register {
  return reading(number, text('剩余服务天数', 'Service days left', 'Días de servicio restantes', '残りサービス日数'), 'd');
}

/** The lock's registers besides the hint code (`hintCode`): password (32-bit), lock state, service days. */
export function lockRegisters(unlock: UnlockRegisters): Register[] {
  return [passwordRegister(unlock.password), lockState(unlock.state), serviceDays(unlock.service_days)];
}

/** The controller's firmware version, four ASCII characters in two words. */
export function softwareVersion(number: number): Register {
  return define({ number, name: text('软件版本', 'Software version', 'Versión de software', 'ソフトウェアバージョン'), format: 'text', width: 32 });
}

const START_STOP = {
  0: text('停机', 'Stop', 'Parar', '停止'),
  1: text('启动', 'Start', 'Arrancar', '起動'),
};

/** The status bits machine controllers share, each with its name and the labels of its two states. */
const STATUS_FLAGS = {
  running: {
    name: text('运行状态', 'Run state', 'Estado de marcha', '運転状態'),
    states: [text('停机', 'Stopped', 'Parado', '停止中'), text('运行', 'Running', 'En marcha', '運転中')],
  },
  ready: {
    name: text('就绪状态', 'Ready', 'Preparado', '準備状態'),
    states: [text('未就绪', 'Not ready', 'No preparado', '準備未完了'), text('就绪', 'Ready', 'Preparado', '準備完了')],
  },
  remote: {
    name: text('远程/本地', 'Remote/local', 'Remoto/local', 'リモート/ローカル'),
    states: [text('本地', 'Local', 'Local', 'ローカル'), text('远程', 'Remote', 'Remoto', 'リモート')],
  },
  fault: {
    name: text('故障状态', 'Fault state', 'Estado de fallo', '故障状態'),
    states: [text('正常', 'Normal', 'Normal', '正常'), text('故障', 'Fault', 'Fallo', '故障')],
  },
  alarm: {
    name: text('报警状态', 'Alarm state', 'Estado de alarma', '警報状態'),
    states: [text('正常', 'Normal', 'Normal', '正常'), text('报警', 'Alarm', 'Alarma', '警報')],
  },
  loaded: {
    name: text('加载状态', 'Load state', 'Estado de carga', 'ロード状態'),
    states: [text('卸载', 'Unloaded', 'En vacío', 'アンロード'), text('加载', 'Loaded', 'En carga', 'ロード')],
  },
  surgeProtection: {
    name: text('喘振保护', 'Surge protection', 'Protección antibombeo', 'サージ保護'),
    states: [text('未动作', 'Inactive', 'Inactiva', '未動作'), text('动作', 'Active', 'Activa', '動作中')],
  },
} as const satisfies Record<string, { name: LocalizedText; states: readonly [LocalizedText, LocalizedText] }>;

/** One bit of a machine's status word. */
export function statusFlag(number: number, flagName: keyof typeof STATUS_FLAGS, word: { address: number; bit: number }): Register {
  return flag(number, STATUS_FLAGS[flagName].name, { ...word, states: STATUS_FLAGS[flagName].states });
}

export function faultCode(number: number, labels: Record<number, LocalizedText>): Register {
  return choice(number, text('故障代码', 'Fault code', 'Código de fallo', '故障コード'), labels);
}

export function totalRunHours(number: number): Register {
  return hours(number, text('累计运行时间', 'Total run hours', 'Horas de marcha acumuladas', '累積運転時間'));
}

/** The remote start/stop of a machine: 1 starts it, 0 stops it. */
export function startStopCommand(number: number): Register {
  return choice(number, text('启停命令', 'Start/stop command', 'Orden de marcha/paro', '起動/停止指令'), START_STOP, { writable: true, onOff: true });
}

/** Page rows of two parameters each, named after their registers. */
export function pageLayout(
  template: DeviceTypeInput['layout']['template'],
  registers: readonly Register[],
  pairs: ReadonlyArray<readonly [number, number?]>,
): DeviceTypeInput['layout'] {
  const nameOf = (number: number) => {
    const register = registers.find((candidate) => candidate.number === number);
    if (!register) throw new Error(`page layout names register ${number}, which the device type does not have`);
    return register.name;
  };
  return {
    template,
    rows: pairs.map(([register1, register2], index) => ({
      row: index + 1,
      name1: nameOf(register1),
      register1,
      name2: register2 === undefined ? null : nameOf(register2),
      register2: register2 ?? null,
    })),
  };
}

interface Timing {
  debounce_s?: number;
  clear_hysteresis?: number;
}

export function threshold(
  register: number,
  op: '>' | '<' | '>=' | '<=',
  value: number,
  severity: EventRule['severity'],
  message: LocalizedText,
  timing: Timing = {},
): EventRule {
  return {
    register,
    condition: { type: 'threshold', op, value },
    severity,
    debounce_s: timing.debounce_s ?? 30,
    clear_hysteresis: timing.clear_hysteresis ?? 0,
    message,
  };
}

export function bitSet(register: number, bit: number, severity: EventRule['severity'], message: LocalizedText, timing: Timing = {}): EventRule {
  return { register, condition: { type: 'bit', bit }, severity, debounce_s: timing.debounce_s ?? 0, clear_hysteresis: 0, message };
}
