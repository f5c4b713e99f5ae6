/** The messages of box properties (see ../messages.ts), in the four languages. */
export const en = {
  boxPropertiesColumnOwner: 'Owner',
  boxPropertiesColumnRegistered: 'Registered',
  boxPropertiesSheet: 'Box properties',
  boxPropertiesBoxesRequired: 'Choose at least one box',
  boxPropertiesTooManyBoxes: 'At most 500 boxes at a time',
  boxPropertiesDaysRange: 'The number of days must be from 1 to 3650',
  boxPropertiesStationUnknown: 'The box has no controller at station {station}',
  boxPropertiesSaved: 'Box saved.',
  boxPropertiesMoved: '{count} box(es) moved to CK {ck}.',
  boxPropertiesDeleted: '{count} box(es) deleted.',
  boxPropertiesFaultsCleared: '{count} fault record(s) cleared.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  boxPropertiesColumnOwner: '所属用户',
  boxPropertiesColumnRegistered: '注册时间',
  boxPropertiesSheet: '盒子属性',
  boxPropertiesBoxesRequired: '请至少选择一个盒子',
  boxPropertiesTooManyBoxes: '每次最多500个盒子',
  boxPropertiesDaysRange: '天数必须在1到3650之间',
  boxPropertiesStationUnknown: '该盒子没有站号为{station}的控制器',
  boxPropertiesSaved: '盒子已保存。',
  boxPropertiesMoved: '已将{count}个盒子转移到CK {ck}。',
  boxPropertiesDeleted: '已删除{count}个盒子。',
  boxPropertiesFaultsCleared: '已清除{count}条故障记录。',
};

export const es: Catalog = {
  boxPropertiesColumnOwner: 'Propietario',
  boxPropertiesColumnRegistered: 'Registrada',
  boxPropertiesSheet: 'Propiedades de cajas',
  boxPropertiesBoxesRequired: 'Elija al menos una caja',
  boxPropertiesTooManyBoxes: 'Como máximo 500 cajas a la vez',
  boxPropertiesDaysRange: 'El número de días debe estar entre 1 y 3650',
  boxPropertiesStationUnknown: 'La caja no tiene ningún controlador en la estación {station}',
  boxPropertiesSaved: 'Caja guardada.',
  boxPropertiesMoved: '{count} caja(s) movida(s) al CK {ck}.',
  boxPropertiesDeleted: '{count} caja(s) eliminada(s).',
  boxPropertiesFaultsCleared: '{count} registro(s) de fallos borrado(s).',
};

export const ja: Catalog = {
  boxPropertiesColumnOwner: '所有ユーザー',
  boxPropertiesColumnRegistered: '登録日時',
  boxPropertiesSheet: 'ボックス属性',
  boxPropertiesBoxesRequired: 'ボックスを1つ以上選択してください',
  boxPropertiesTooManyBoxes: '一度に選択できるボックスは500個までです',
  boxPropertiesDaysRange: '日数は1から3650の間で指定してください',
  boxPropertiesStationUnknown: 'このボックスには局番{station}のコントローラーがありません',
  boxPropertiesSaved: 'ボックスを保存しました。',
  boxPropertiesMoved: '{count}台のボックスをCK {ck}に移動しました。',
  boxPropertiesDeleted: '{count}台のボックスを削除しました。',
  boxPropertiesFaultsCleared: '{count}件の故障記録を消去しました。',
};
