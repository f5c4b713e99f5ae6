import { z } from 'zod';

/**
 * GET /type-registers: every device type with its registers in the caller's language (what a
 * permission template gives rights to, across companies).
 */
export const typeRegistersSchema = z.array(
  z.object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    registers: z.array(z.object({ number: z.number().int(), name: z.string(), writable: z.boolean() })),
  }),
);
export type TypeRegisters = z.infer<typeof typeRegistersSchema>;
