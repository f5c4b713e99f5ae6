import { z } from 'zod';
import { LANGUAGES, type Language } from '../language.js';
import { missingOrInvalid } from '../validation.js';
import { PAGE_TEMPLATES } from '../device-types/device-type.js';
import type { LocalizedText } from '../device-types/register.js';

/** A device type's page layout per alias (`/device-type/type-config/page/:id/:alias`, SPEC.md section 3). */

/** The alias of a type's own layout in routes and queries; stored as ''. */
export const DEFAULT_LAYOUT_ALIAS = 'default';
/** The most rows one layout holds. */
export const MAX_LAYOUT_ROWS = 200;

export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** `?alias=`: absent or `default` is the type's own layout. */
const aliasSchema = z
  .string({ error: missingOrInvalid })
  .trim()
  .max(64, 'textTooLong')
  .transform((alias) => (alias === DEFAULT_LAYOUT_ALIAS ? '' : alias));

export const pageLayoutQuerySchema = z.object({ alias: aliasSchema.optional().transform((alias) => alias ?? '') });

const cellName = z.object(
  Object.fromEntries(
    LANGUAGES.map((language) => [language, z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(100, 'textTooLong')]),
  ) as Record<Language, z.ZodString>,
  { error: missingOrInvalid },
);
const registerNumber = z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(2_147_483_647, 'fieldInvalid');

/** One row as the editor sends it: its position is its place in `rows` (renumbered 1..n). */
export const layoutRowInputSchema = z
  .object({
    row: z.number().int().optional(),
    name1: cellName,
    register1: registerNumber,
    name2: cellName.nullable().optional(),
    register2: registerNumber.nullable().optional(),
  })
  // A second register needs its name; a second name without its register is dropped.
  .superRefine((row, ctx) => {
    if (row.register2 != null && row.name2 == null) ctx.addIssue({ code: 'custom', path: ['name2'], message: 'fieldRequired' });
  })
  .transform((row) => ({ ...row, name2: row.register2 == null ? null : (row.name2 ?? null), register2: row.register2 ?? null }));

/**
 * PUT /device-types/:deviceTypeId/layout. The template belongs to the type: it may change with the
 * type's own layout (alias `default`); an alias's layout keeps the type's.
 */
export const pageLayoutInputSchema = z.object({
  alias: aliasSchema.default(''),
  template: z.enum(PAGE_TEMPLATES, { error: 'fieldInvalid' }).optional(),
  rows: z.array(layoutRowInputSchema, { error: missingOrInvalid }).max(MAX_LAYOUT_ROWS, 'fieldInvalid'),
});
export type PageLayoutInput = z.input<typeof pageLayoutInputSchema>;

export interface PageLayoutRow {
  row: number;
  name1: LocalizedText;
  register1: number;
  name2: LocalizedText | null;
  register2: number | null;
}

/** A register as the layout editor offers it: number, names in every language, unit. */
export interface LayoutRegister {
  number: number;
  name: LocalizedText;
  unit: string;
}

/** GET /device-types/:deviceTypeId/layout. */
export interface PageLayoutView {
  device_type: { id: string; number: number; name: LocalizedText };
  /** '' for the type's own layout. */
  alias: string;
  /** The type's aliases (a company's own names for it), each with the company it belongs to (null: every company). */
  aliases: { alias: string; ck: string | null }[];
  template: PageTemplate;
  /** True when the alias has no rows of its own and answers the type's own rows. */
  inherited: boolean;
  rows: PageLayoutRow[];
  registers: LayoutRegister[];
}

const localizedTextView = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodString>);

export const pageLayoutViewSchema = z.object({
  device_type: z.object({ id: z.string(), number: z.number().int(), name: localizedTextView }),
  alias: z.string(),
  aliases: z.array(z.object({ alias: z.string(), ck: z.string().nullable() })),
  template: z.enum(PAGE_TEMPLATES),
  inherited: z.boolean(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      name1: localizedTextView,
      register1: z.number().int(),
      name2: localizedTextView.nullable(),
      register2: z.number().int().nullable(),
    }),
  ),
  registers: z.array(z.object({ number: z.number().int(), name: localizedTextView, unit: z.string() })),
}) satisfies z.ZodType<PageLayoutView>;
