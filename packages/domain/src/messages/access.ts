/** The messages of access (see ../messages.ts), in the four languages. */
export const en = {
  notTopOwner: 'Only the top owner of this device may authorise service staff to switch it, and only while it may switch it itself.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  notTopOwner: '只有该设备的最高级所有者可以授权售后人员开关机，且其本身须有开关机权限。',
};

export const es: Catalog = {
  notTopOwner:
    'Solo el propietario principal de este dispositivo puede autorizar al personal de servicio a encenderlo o apagarlo, y solo mientras él mismo pueda hacerlo.',
};

export const ja: Catalog = {
  notTopOwner: 'このデバイスの最上位の所有者だけが、自身に起動・停止の権限がある間に限り、サービス担当者に起動・停止を許可できます。',
};
