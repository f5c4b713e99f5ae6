import type { RegisterRight, TemplateRights } from '@cloudbox/domain';

/** A register's choice in the rights editor: not listed (neither read nor written), read, or read and write. */
export type RightChoice = 'none' | RegisterRight;

/** A register as the editor needs it. */
export interface EditableRegister {
  number: number;
  writable: boolean;
}

export function rightOf(rights: TemplateRights, deviceType: string, register: number): RightChoice {
  return rights[deviceType]?.[String(register)] ?? 'none';
}

/** The rights with one register's choice changed; a device type left with no register drops out. */
export function withRight(rights: TemplateRights, deviceType: string, register: number, choice: RightChoice): TemplateRights {
  const registers = { ...rights[deviceType] };
  if (choice === 'none') delete registers[String(register)];
  else registers[String(register)] = choice;
  const next = { ...rights, [deviceType]: registers };
  if (Object.keys(registers).length === 0) delete next[deviceType];
  return next;
}

/** Every register of a device type set to one choice; read-write only where the register can be written (the others read). */
export function withAll(rights: TemplateRights, deviceType: string, registers: readonly EditableRegister[], choice: RightChoice): TemplateRights {
  return registers.reduce((next, register) => withRight(next, deviceType, register.number, choice === 'rw' && !register.writable ? 'r' : choice), rights);
}

/** How many registers a template lets its holders read only, and read and write. */
export function countRights(rights: TemplateRights): { read: number; write: number } {
  const all = Object.values(rights).flatMap((registers) => Object.values(registers));
  return { read: all.filter((right) => right === 'r').length, write: all.filter((right) => right === 'rw').length };
}
