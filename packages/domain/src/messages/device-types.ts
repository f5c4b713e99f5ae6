/** The messages of protocols: device types, register protocols, uploads and versions (see ../messages.ts), in the four languages. */
export const en = {
  deviceTypesNotFound: 'Not found.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  deviceTypesNotFound: '未找到。',
};

export const es: Catalog = {
  deviceTypesNotFound: 'No encontrado.',
};

export const ja: Catalog = {
  deviceTypesNotFound: '見つかりません。',
};
