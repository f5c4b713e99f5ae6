import { z } from 'zod';
import { LANGUAGES, type Language } from '../language.js';

/** A text in every language we speak; device types are uploaded per language, so none may be missing. */
export const localizedTextSchema = z.object(
  Object.fromEntries(LANGUAGES.map((language) => [language, z.string().trim().min(1)])) as Record<Language, z.ZodString>,
);
export type LocalizedText = Record<Language, string>;

export const REGISTER_FORMATS = ['number', 'bits', 'enum', 'text'] as const;
export type RegisterFormat = (typeof REGISTER_FORMATS)[number];

export const WORD_ORDERS = ['big', 'little'] as const;
export type WordOrder = (typeof WORD_ORDERS)[number];

export const REGISTER_WIDTHS = [16, 32] as const;
export type RegisterWidth = (typeof REGISTER_WIDTHS)[number];

const MAX_DECIMALS = 6;

/**
 * One register of a device type (SPEC.md section 3: number, name, format, unit, writable, decimals,
 * mask). `number` identifies the register within its device type and keys the box's data messages.
 * `address` is the controller word the box reads for it (default: `number`): the bit fields of one
 * status word are separate registers with their own numbers, their own masks and a shared address.
 */
export const registerSchema = z
  .object({
    number: z.number().int().min(0).max(0xffff),
    address: z.number().int().min(0).max(0xffff).optional(),
    name: localizedTextSchema,
    unit: z.string().default(''),
    format: z.enum(REGISTER_FORMATS).default('number'),
    width: z.union([z.literal(16), z.literal(32)]).default(16),
    decimals: z.number().int().min(0).max(MAX_DECIMALS).default(0),
    writable: z.boolean().default(false),
    mask: z.number().int().min(1).max(0xffff_ffff).optional(),
    signed: z.boolean().default(false),
    /** A 32-bit register read as an IEEE 754 float32 (no mask, no sign flag, no decimals scaling). */
    float: z.boolean().default(false),
    /** A 32-bit value's word order on the wire: `big` (high word first, ABCD) or `little` (low word first, CDAB). */
    wordOrder: z.enum(WORD_ORDERS).default('big'),
    /** Engineering value = integer × scale, shown with `decimals`; absent: the integer is divided by 10^decimals. */
    scale: z.number().finite().positive().optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    enum: z.record(z.string().regex(/^\d+$/), localizedTextSchema).optional(),
    /** Switches the machine or an output on and off (start/stop, coils): writes log as "switch". */
    onOff: z.boolean().optional(),
  })
  .superRefine((register, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (register.mask !== undefined && register.mask > 2 ** register.width - 1) {
      problem('mask', `mask does not fit in ${register.width} bits`);
    }
    if (register.mask !== undefined && register.signed && !isContiguous(register.mask)) {
      problem('mask', 'a signed field needs a contiguous mask');
    }
    if (register.min !== undefined && register.max !== undefined && register.min > register.max) {
      problem('min', 'min is greater than max');
    }
    if (register.format !== 'number' && (register.decimals !== 0 || register.signed)) {
      problem('format', `a ${register.format} register has no decimals and no sign`);
    }
    if (register.format === 'enum' && register.enum === undefined) problem('enum', 'an enum register needs its labels');
    if (register.format === 'text' && register.mask !== undefined) problem('mask', 'a text register has no mask');
    if (register.float && (register.width !== 32 || register.mask !== undefined || register.signed || register.format !== 'number')) {
      problem('float', 'a float32 register is a 32-bit number without mask or sign flag');
    }
  });

export type Register = z.output<typeof registerSchema>;
export type RegisterInput = z.input<typeof registerSchema>;

function isContiguous(mask: number): boolean {
  const field = mask >>> trailingZeros(mask);
  return (field & (field + 1)) === 0;
}

/** How many low bits of the mask are clear: how far a bit field is shifted within its word. */
export function trailingZeros(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** The bits a register's value occupies: the width of its mask's field, else the whole word. */
export function fieldWidth(register: Pick<Register, 'mask' | 'width'>): number {
  if (register.mask === undefined) return register.width;
  return 32 - Math.clz32(register.mask >>> trailingZeros(register.mask));
}

/** The controller word a register reads. */
export function registerAddress(register: Pick<Register, 'address' | 'number'>): number {
  return register.address ?? register.number;
}
