/** The messages of notice-delivery (see ../messages.ts), in the four languages. */
export const en = {} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {};
export const es: Catalog = {};
export const ja: Catalog = {};
