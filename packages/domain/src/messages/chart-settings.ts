/** The messages of gauges, stacked charts and stop states (see ../messages.ts), in the four languages. */
export const en = {
  chartSettingsNotFound: 'Not found.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  chartSettingsNotFound: '未找到。',
};

export const es: Catalog = {
  chartSettingsNotFound: 'No encontrado.',
};

export const ja: Catalog = {
  chartSettingsNotFound: '見つかりません。',
};
