/** The messages of event rules and the event log (see ../messages.ts), in the four languages. */
export const en = {
  eventRulesNotFound: 'Not found.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  eventRulesNotFound: '未找到。',
};

export const es: Catalog = {
  eventRulesNotFound: 'No encontrado.',
};

export const ja: Catalog = {
  eventRulesNotFound: '見つかりません。',
};
