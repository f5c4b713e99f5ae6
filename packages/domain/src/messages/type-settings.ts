/** The messages of page layouts, box-model relations and permission templates per type (see ../messages.ts), in the four languages. */
export const en = {
  typeSettingsNotFound: 'Not found.',
  typeSettingsAliasUnknown: 'The device type has no alias "{alias}"',
  typeSettingsRegisterUnknown: 'Register {register} is not in this device type',
  typeSettingsTemplatePerType: 'The template belongs to the device type: change it on its default layout',
  typeSettingsTypeDuplicate: 'Each device type may appear only once',
  typeSettingsLayoutSaved: 'Page layout saved',
  typeSettingsRelationSaved: 'Box model relation saved',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  typeSettingsNotFound: '未找到。',
  typeSettingsAliasUnknown: '该设备类型没有别名“{alias}”',
  typeSettingsRegisterUnknown: '该设备类型没有寄存器{register}',
  typeSettingsTemplatePerType: '模板属于设备类型：请在默认布局中修改',
  typeSettingsTypeDuplicate: '每种设备类型只能出现一次',
  typeSettingsLayoutSaved: '页面布局已保存',
  typeSettingsRelationSaved: '盒子型号关系已保存',
};

export const es: Catalog = {
  typeSettingsNotFound: 'No encontrado.',
  typeSettingsAliasUnknown: 'El tipo de dispositivo no tiene el alias «{alias}»',
  typeSettingsRegisterUnknown: 'El registro {register} no pertenece a este tipo de dispositivo',
  typeSettingsTemplatePerType: 'La plantilla pertenece al tipo de dispositivo: cámbiela en su diseño predeterminado',
  typeSettingsTypeDuplicate: 'Cada tipo de dispositivo solo puede aparecer una vez',
  typeSettingsLayoutSaved: 'Diseño de página guardado',
  typeSettingsRelationSaved: 'Relación del modelo de caja guardada',
};

export const ja: Catalog = {
  typeSettingsNotFound: '見つかりません。',
  typeSettingsAliasUnknown: 'このデバイスタイプに別名「{alias}」はありません',
  typeSettingsRegisterUnknown: 'レジスタ{register}はこのデバイスタイプにありません',
  typeSettingsTemplatePerType: 'テンプレートはデバイスタイプのものです：既定のレイアウトで変更してください',
  typeSettingsTypeDuplicate: '各デバイスタイプは一度だけ指定できます',
  typeSettingsLayoutSaved: 'ページレイアウトを保存しました',
  typeSettingsRelationSaved: 'ボックス機種の関係を保存しました',
};
