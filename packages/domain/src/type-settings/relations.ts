import { z } from 'zod';
import { missingOrInvalid } from '../validation.js';

/** Which controller types each box (IoT) model carries, and their default stations (`/device-type/relation`). */

export interface TypeRelationView {
  box_model: { id: number; name: string; remark: string };
  types: { device_type: string; name: string; default_station: number }[];
}

export const typeRelationViewSchema = z.object({
  box_model: z.object({ id: z.number().int(), name: z.string(), remark: z.string() }),
  types: z.array(z.object({ device_type: z.string(), name: z.string(), default_station: z.number().int() })),
}) satisfies z.ZodType<TypeRelationView>;

/** PUT /type-relations/:boxModelId: the whole set; each type once, each station once. */
export const typeRelationInputSchema = z.object({
  types: z
    .array(
      z.object({
        device_type: z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(64, 'textTooLong'),
        default_station: z.number({ error: missingOrInvalid }).int('stationRange').min(0, 'stationRange').max(255, 'stationRange'),
      }),
      { error: missingOrInvalid },
    )
    .max(32, 'fieldInvalid')
    .superRefine((types, ctx) => {
      const seen = (key: 'device_type' | 'default_station', message: 'typeSettingsTypeDuplicate' | 'stationDuplicate') => {
        const first = new Set<string | number>();
        types.forEach((entry, index) => {
          if (first.has(entry[key])) ctx.addIssue({ code: 'custom', path: [index, key], message });
          first.add(entry[key]);
        });
      };
      seen('device_type', 'typeSettingsTypeDuplicate');
      seen('default_station', 'stationDuplicate');
    }),
});
export type TypeRelationInput = z.input<typeof typeRelationInputSchema>;
