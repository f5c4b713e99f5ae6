/** The messages of page layouts, box-model relations and permission templates per type (see ../messages.ts), in the four languages. */
export const en = {
  typeSettingsNotFound: 'Not found.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  typeSettingsNotFound: '未找到。',
};

export const es: Catalog = {
  typeSettingsNotFound: 'No encontrado.',
};

export const ja: Catalog = {
  typeSettingsNotFound: '見つかりません。',
};
