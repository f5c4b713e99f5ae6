/** The messages of protocols: device types, register protocols, uploads and versions (see ../messages.ts), in the four languages. */
export const en = {
  deviceTypeNotFound: 'Device type not found.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  deviceTypeNotFound: '设备类型不存在。',
};

export const es: Catalog = {
  deviceTypeNotFound: 'No se encontró el tipo de equipo.',
};

export const ja: Catalog = {
  deviceTypeNotFound: '機器タイプが見つかりません。',
};
