import { registerAddress, registerRange, type DeviceType, type Register } from '@cloudbox/domain';

/**
 * What every controller of one device type shares, computed once per type: register slots, the
 * controller words they live in, their value limits and the JSON keys of a data message.
 */
export interface TypePlan {
  readonly registers: readonly Register[];
  readonly slotOf: ReadonlyMap<number, number>;
  /** For each address slot, the register slots whose fields make up that word. */
  readonly wordMembers: readonly (readonly number[])[];
  /** For each register slot, the slot of the word it reads. */
  readonly wordOf: Int32Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly scale: Float64Array;
  readonly jsonKeys: readonly string[];
}

const plans = new WeakMap<DeviceType, TypePlan>();

export function planFor(deviceType: DeviceType): TypePlan {
  const cached = plans.get(deviceType);
  if (cached) return cached;
  const { registers } = deviceType;
  const addressSlots = new Map<number, number>();
  const wordMembers: number[][] = [];
  const wordOf = new Int32Array(registers.length);
  registers.forEach((register, slot) => {
    const address = registerAddress(register);
    let word = addressSlots.get(address);
    if (word === undefined) {
      word = wordMembers.push([]) - 1;
      addressSlots.set(address, word);
    }
    wordMembers[word]!.push(slot);
    wordOf[slot] = word;
  });
  const ranges = registers.map(registerRange);
  const plan: TypePlan = {
    registers,
    slotOf: new Map(registers.map((register, slot) => [register.number, slot])),
    wordMembers,
    wordOf,
    min: Float64Array.from(ranges, (range) => range.min),
    max: Float64Array.from(ranges, (range) => range.max),
    scale: Float64Array.from(registers, (register) => 10 ** register.decimals),
    jsonKeys: registers.map((register) => `"${register.number}":`),
  };
  plans.set(deviceType, plan);
  return plan;
}
