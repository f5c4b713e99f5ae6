/** The messages of QR labels of boxes (see ../messages.ts), in the four languages. */
export const en = {
  qrLabelsTooMany: 'Too many labels: at most {max} boxes at once',
  qrLabelsPngTooMany: 'A PNG sheet holds at most {max} labels: choose PDF for more',
  qrLabelsNoBoxes: 'No box you may label has an ID in this range',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  qrLabelsTooMany: '标签过多：一次最多 {max} 台',
  qrLabelsPngTooMany: 'PNG 图片最多容纳 {max} 个标签：更多请选择 PDF',
  qrLabelsNoBoxes: '此范围内没有您可打印标签的盒子',
};

export const es: Catalog = {
  qrLabelsTooMany: 'Demasiadas etiquetas: como máximo {max} cajas a la vez',
  qrLabelsPngTooMany: 'Una hoja PNG contiene como máximo {max} etiquetas: elija PDF para más',
  qrLabelsNoBoxes: 'Ninguna caja que pueda etiquetar tiene un ID en este rango',
};

export const ja: Catalog = {
  qrLabelsTooMany: 'ラベルが多すぎます：一度に最大 {max} 台',
  qrLabelsPngTooMany: 'PNG シートは最大 {max} 枚のラベルです：それ以上は PDF を選択してください',
  qrLabelsNoBoxes: 'この範囲にはラベルを印刷できるボックスがありません',
};
