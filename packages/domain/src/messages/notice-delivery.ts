/** The messages of notice-delivery (see ../messages.ts), in the four languages: what e-mails and robot messages say. */
export const en = {
  noticeMailSubject: '[{system}] {type} · box {box} · station {station}: {note}',
  noticeMailSubjectBox: '[{system}] {type} · box {box}: {note}',
  noticeFieldCompany: 'Company',
  noticeFieldType: 'Alarm type',
  noticeFieldRunStatus: 'Run status',
  noticeFieldBoxModel: 'Box model',
  noticeFieldNote: 'Note',
  noticeFieldTime: 'Time',
  noticeFieldIotId: 'IoT ID',
  noticeFieldStation: 'Station',
  noticeFieldDeviceNumber: 'Device number',
  noticeFieldRegister: 'Register',
  noticeFieldValue: 'Value',
  noticeOpenConsole: 'Open the console',
  noticeMailFooter: 'This message was sent by {system} to a notification channel. Change what you receive under Notifications in the console.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  noticeMailSubject: '[{system}] {type} · 盒子 {box} · 站号 {station}：{note}',
  noticeMailSubjectBox: '[{system}] {type} · 盒子 {box}：{note}',
  noticeFieldCompany: '公司',
  noticeFieldType: '报警类型',
  noticeFieldRunStatus: '运行状态',
  noticeFieldBoxModel: '盒子型号',
  noticeFieldNote: '备注',
  noticeFieldTime: '时间',
  noticeFieldIotId: '物联网 ID',
  noticeFieldStation: '站号',
  noticeFieldDeviceNumber: '设备编号',
  noticeFieldRegister: '寄存器',
  noticeFieldValue: '数值',
  noticeOpenConsole: '打开控制台',
  noticeMailFooter: '此消息由 {system} 发送到通知渠道。可在控制台的消息通知中更改接收内容。',
};

export const es: Catalog = {
  noticeMailSubject: '[{system}] {type} · caja {box} · estación {station}: {note}',
  noticeMailSubjectBox: '[{system}] {type} · caja {box}: {note}',
  noticeFieldCompany: 'Empresa',
  noticeFieldType: 'Tipo de alarma',
  noticeFieldRunStatus: 'Estado de funcionamiento',
  noticeFieldBoxModel: 'Modelo de caja',
  noticeFieldNote: 'Nota',
  noticeFieldTime: 'Hora',
  noticeFieldIotId: 'ID de IoT',
  noticeFieldStation: 'Estación',
  noticeFieldDeviceNumber: 'Número de equipo',
  noticeFieldRegister: 'Registro',
  noticeFieldValue: 'Valor',
  noticeOpenConsole: 'Abrir la consola',
  noticeMailFooter: '{system} envió este mensaje a un canal de notificación. Cambie lo que recibe en Notificaciones de la consola.',
};

export const ja: Catalog = {
  noticeMailSubject: '[{system}] {type} · ボックス {box} · ステーション {station}：{note}',
  noticeMailSubjectBox: '[{system}] {type} · ボックス {box}：{note}',
  noticeFieldCompany: '会社',
  noticeFieldType: 'アラーム種別',
  noticeFieldRunStatus: '運転状態',
  noticeFieldBoxModel: 'ボックス型式',
  noticeFieldNote: '備考',
  noticeFieldTime: '時刻',
  noticeFieldIotId: 'IoT ID',
  noticeFieldStation: 'ステーション',
  noticeFieldDeviceNumber: '機器番号',
  noticeFieldRegister: 'レジスタ',
  noticeFieldValue: '値',
  noticeOpenConsole: 'コンソールを開く',
  noticeMailFooter: 'このメッセージは {system} から通知チャネルに送信されました。受信内容はコンソールの通知設定で変更できます。',
};
