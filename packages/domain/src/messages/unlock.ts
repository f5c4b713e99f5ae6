/** The messages of the controllers’ lock (hint code, password, service days) (see ../messages.ts), in the four languages. */
export const en = {
  unlockRegisterUnknown: 'The type has no register {register}',
  unlockPasswordNotWritable: 'The password register ({register}) must be writable',
  unlockRegistersRepeated: 'The lock needs four different registers',
  protocolUseUnlock: 'the controller’s lock (hint code, password, lock state, service days)',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  unlockRegisterUnknown: '该型号没有寄存器 {register}',
  unlockPasswordNotWritable: '密码寄存器（{register}）必须可写',
  unlockRegistersRepeated: '控制器锁需要四个不同的寄存器',
  protocolUseUnlock: '控制器锁（提示码、解锁密码、锁定状态、剩余服务天数）',
};

export const es: Catalog = {
  unlockRegisterUnknown: 'El tipo no tiene el registro {register}',
  unlockPasswordNotWritable: 'El registro de contraseña ({register}) debe admitir escritura',
  unlockRegistersRepeated: 'El bloqueo necesita cuatro registros distintos',
  protocolUseUnlock: 'el bloqueo del controlador (código de indicación, contraseña, estado de bloqueo, días de servicio)',
};

export const ja: Catalog = {
  unlockRegisterUnknown: 'この機種にはレジスタ {register} がありません',
  unlockPasswordNotWritable: 'パスワードのレジスタ（{register}）は書き込み可能である必要があります',
  unlockRegistersRepeated: 'ロックには異なる4つのレジスタが必要です',
  protocolUseUnlock: 'コントローラのロック（ヒントコード、パスワード、ロック状態、残りサービス日数）',
};
