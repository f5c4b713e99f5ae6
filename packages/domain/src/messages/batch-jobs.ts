/** The messages of batch changes (`/scripts/batch-modify-box`, `/scripts/batch-modify-params`) (see ../messages.ts), in the four languages. */
export const en = {
  batchNothingToChange: 'Choose at least one field to change',
  batchRangeOrList: 'Give a box ID range or a list of box IDs, not both',
  batchNoControllers: 'No controller of this type in the range that you can see',
  batchNoBoxes: 'None of these boxes exists',
  batchNotWritable: 'You may not write the parameters of this device',
  batchNotVisible: 'You can no longer see this device',
  batchStarted: 'The batch is running as job {id}',
  batchNoAnswer: 'The box has not answered yet; the write waits for it',
  batchBoxOffline: 'The box is offline; the write waits for it',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  batchNothingToChange: '请至少选择一个要修改的字段',
  batchRangeOrList: '请填写盒子ID范围或盒子ID列表，二者只能选其一',
  batchNoControllers: '该范围内没有您可见的此类型控制器',
  batchNoBoxes: '这些盒子都不存在',
  batchNotWritable: '您无权修改该设备的参数',
  batchNotVisible: '您已无法查看该设备',
  batchStarted: '批量任务已开始，任务号 {id}',
  batchNoAnswer: '盒子尚未应答，写入将等待盒子',
  batchBoxOffline: '盒子离线，写入将在其上线后下发',
};

export const es: Catalog = {
  batchNothingToChange: 'Elija al menos un campo que cambiar',
  batchRangeOrList: 'Indique un rango de IDs de caja o una lista de IDs, no ambos',
  batchNoControllers: 'No hay ningún controlador de este tipo visible para usted en el rango',
  batchNoBoxes: 'Ninguna de estas cajas existe',
  batchNotWritable: 'No puede escribir los parámetros de este dispositivo',
  batchNotVisible: 'Ya no puede ver este dispositivo',
  batchStarted: 'El lote se ejecuta como tarea {id}',
  batchNoAnswer: 'La caja aún no ha respondido; la escritura la espera',
  batchBoxOffline: 'La caja está desconectada; la escritura la espera',
};

export const ja: Catalog = {
  batchNothingToChange: '変更する項目を少なくとも1つ選んでください',
  batchRangeOrList: 'ボックスIDの範囲かボックスIDのリストのどちらか一方を指定してください',
  batchNoControllers: '範囲内に表示できるこのタイプのコントローラーがありません',
  batchNoBoxes: 'これらのボックスはどれも存在しません',
  batchNotWritable: 'このデバイスのパラメーターを書き込む権限がありません',
  batchNotVisible: 'このデバイスはもう表示できません',
  batchStarted: 'ジョブ {id} として一括処理を実行中です',
  batchNoAnswer: 'ボックスがまだ応答していません。書き込みは応答を待ちます',
  batchBoxOffline: 'ボックスはオフラインです。書き込みはオンラインになるのを待ちます',
};
