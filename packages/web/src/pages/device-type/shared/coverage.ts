import type { TemplateRights, TypeRegisters } from '@cloudbox/domain';
import { countRights } from './rights';

/** A template's reach over one device type: how many of its registers it lets read only, and read and write. */
export interface TypeCoverage {
  id: string;
  name: string;
  read: number;
  write: number;
}

/** The device types a template covers (its rights name registers of them), in the order of `types`, each with its counts. */
export function coverageOf(rights: TemplateRights, types: readonly Pick<TypeRegisters[number], 'id' | 'name'>[]): TypeCoverage[] {
  const named = new Map(types.map((type) => [type.id, type.name]));
  const order = [...types.map((type) => type.id), ...Object.keys(rights).filter((id) => !named.has(id))];
  return order.flatMap((id) => {
    const registers = rights[id];
    if (!registers || Object.keys(registers).length === 0) return [];
    return [{ id, name: named.get(id) ?? id, ...countRights({ [id]: registers }) }];
  });
}
