/** The messages of companies (see ../messages.ts), in the four languages. */
export const en = {
  companyNotFound: 'Company {ck} not found.',
  companyExists: 'A company with CK code {ck} already exists.',
  companyCodeImmutable: 'The CK code of a company cannot be changed.',
  companyInUse: 'Company {ck} still has {accounts} accounts and {boxes} boxes: move or delete them before deleting the company.',
  companyCreated: 'Company created.',
  companySaved: 'Company saved.',
  companyDeleted: 'Company deleted.',
  companyDeviceTypesSaved: 'Device types saved.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  companyNotFound: '公司{ck}不存在。',
  companyExists: 'CK码为{ck}的公司已存在。',
  companyCodeImmutable: '公司的CK码不可修改。',
  companyInUse: '公司{ck}仍有{accounts}个账号和{boxes}个盒子：请先转移或删除它们，再删除公司。',
  companyCreated: '公司已创建。',
  companySaved: '公司已保存。',
  companyDeleted: '公司已删除。',
  companyDeviceTypesSaved: '设备类型已保存。',
};

export const es: Catalog = {
  companyNotFound: 'No se encontró la empresa {ck}.',
  companyExists: 'Ya existe una empresa con el código CK {ck}.',
  companyCodeImmutable: 'El código CK de una empresa no se puede cambiar.',
  companyInUse: 'La empresa {ck} todavía tiene {accounts} cuentas y {boxes} cajas: muévalas o elimínelas antes de eliminar la empresa.',
  companyCreated: 'Empresa creada.',
  companySaved: 'Empresa guardada.',
  companyDeleted: 'Empresa eliminada.',
  companyDeviceTypesSaved: 'Tipos de dispositivo guardados.',
};

export const ja: Catalog = {
  companyNotFound: '会社 {ck} が見つかりません。',
  companyExists: 'CKコード {ck} の会社は既に存在します。',
  companyCodeImmutable: '会社のCKコードは変更できません。',
  companyInUse: '会社 {ck} にはまだ {accounts} 件のアカウントと {boxes} 台のボックスがあります。会社を削除する前に移動または削除してください。',
  companyCreated: '会社を作成しました。',
  companySaved: '会社を保存しました。',
  companyDeleted: '会社を削除しました。',
  companyDeviceTypesSaved: 'デバイスタイプを保存しました。',
};
