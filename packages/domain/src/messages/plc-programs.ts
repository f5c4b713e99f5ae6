/** The messages of PLC programs (`/plcProgram`: upload, list, deliveries) (see ../messages.ts), in the four languages. */
export const en = {
  programNotFound: 'The program does not exist',
  programFileRequired: 'Please choose a program file',
  programTooLarge: 'The program file is too large (at most 1 MiB)',
  programUnreadable: 'The program file could not be read (it must arrive as base64)',
  programVersionFormat: 'The version may hold up to 32 letters, digits and . _ + -',
  programVersionTaken: 'Version {version} of {name} for this controller model already exists',
  programDeviceTypeUnknown: 'The controller model {deviceType} does not exist',
  programNoControllers: 'No controller of this model that you may write in boxes {start}–{end}',
  programDelivering: 'The program goes to {count} controllers',
  programUploaded: 'Program uploaded (SHA-256 {sha256})',
  programDeleted: 'Program deleted',
  programDeliveriesActive: 'The program is still on its way to {count} controllers; wait until they finish or cancel the job',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  programNotFound: '程序不存在',
  programFileRequired: '请选择程序文件',
  programTooLarge: '程序文件过大（最多 1 MiB）',
  programUnreadable: '无法读取程序文件（须以 base64 上传）',
  programVersionFormat: '版本号最多 32 个字符，只能包含字母、数字和 . _ + -',
  programVersionTaken: '该控制器型号的 {name} 已存在版本 {version}',
  programDeviceTypeUnknown: '控制器型号 {deviceType} 不存在',
  programNoControllers: '盒子 {start}–{end} 中没有您可写的该型号控制器',
  programDelivering: '程序将下发到 {count} 个控制器',
  programUploaded: '程序已上传（SHA-256 {sha256}）',
  programDeleted: '程序已删除',
  programDeliveriesActive: '该程序仍在下发到 {count} 个控制器，请等待完成或取消任务',
};

export const es: Catalog = {
  programNotFound: 'El programa no existe',
  programFileRequired: 'Elija un archivo de programa',
  programTooLarge: 'El archivo de programa es demasiado grande (como máximo 1 MiB)',
  programUnreadable: 'No se pudo leer el archivo de programa (debe llegar en base64)',
  programVersionFormat: 'La versión admite hasta 32 letras, dígitos y . _ + -',
  programVersionTaken: 'Ya existe la versión {version} de {name} para este modelo de controlador',
  programDeviceTypeUnknown: 'El modelo de controlador {deviceType} no existe',
  programNoControllers: 'Ningún controlador de este modelo que usted pueda escribir en las cajas {start}–{end}',
  programDelivering: 'El programa se envía a {count} controladores',
  programUploaded: 'Programa subido (SHA-256 {sha256})',
  programDeleted: 'Programa eliminado',
  programDeliveriesActive: 'El programa aún se está enviando a {count} controladores; espere a que terminen o cancele la tarea',
};

export const ja: Catalog = {
  programNotFound: 'プログラムが存在しません',
  programFileRequired: 'プログラムファイルを選択してください',
  programTooLarge: 'プログラムファイルが大きすぎます（最大 1 MiB）',
  programUnreadable: 'プログラムファイルを読み取れません（base64 で送信してください）',
  programVersionFormat: 'バージョンは英数字と . _ + - で 32 文字以内です',
  programVersionTaken: 'このコントローラ機種の {name} のバージョン {version} は既に存在します',
  programDeviceTypeUnknown: 'コントローラ機種 {deviceType} は存在しません',
  programNoControllers: 'ボックス {start}–{end} に、書き込み可能なこの機種のコントローラがありません',
  programDelivering: 'プログラムを {count} 台のコントローラに配信します',
  programUploaded: 'プログラムをアップロードしました（SHA-256 {sha256}）',
  programDeleted: 'プログラムを削除しました',
  programDeliveriesActive: 'このプログラムはまだ {count} 台のコントローラに配信中です。完了を待つかジョブを取消してください',
};
