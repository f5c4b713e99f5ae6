/** The messages of durable jobs (`/jobs`: their runs, items and reports) (see ../messages.ts), in the four languages. */
export const en = {
  jobNotFound: 'The job does not exist, or it is not yours',
  jobAlreadyFinished: 'The job has already ended',
  jobCancelRequested: 'The job is being cancelled: it stops after the item it is working on',
  jobInterrupted: 'The server stopped while the job ran {attempts} time(s): it gave up',
  jobReportSheet: 'Job report',
  jobColumnItem: 'Item',
  jobColumnState: 'Result',
  jobColumnDetail: 'Detail',
  jobColumnUpdated: 'Time',
  jobItemRunning: 'Running',
  jobItemOk: 'Done',
  jobItemFailed: 'Failed',
  jobItemRefused: 'Refused',
  jobItemQueued: 'Queued (box offline)',
  jobItemSkipped: 'Skipped',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  jobNotFound: '任务不存在，或不是您的任务',
  jobAlreadyFinished: '任务已经结束',
  jobCancelRequested: '正在取消任务：处理完当前项目后停止',
  jobInterrupted: '任务运行了 {attempts} 次都因服务器停止而中断，已放弃',
  jobReportSheet: '任务报告',
  jobColumnItem: '项目',
  jobColumnState: '结果',
  jobColumnDetail: '详情',
  jobColumnUpdated: '时间',
  jobItemRunning: '进行中',
  jobItemOk: '完成',
  jobItemFailed: '失败',
  jobItemRefused: '无权限',
  jobItemQueued: '已排队（盒子离线）',
  jobItemSkipped: '已跳过',
};

export const es: Catalog = {
  jobNotFound: 'La tarea no existe o no es suya',
  jobAlreadyFinished: 'La tarea ya terminó',
  jobCancelRequested: 'Cancelando la tarea: se detiene tras el elemento en curso',
  jobInterrupted: 'El servidor se detuvo las {attempts} veces que se ejecutó la tarea: se abandonó',
  jobReportSheet: 'Informe de la tarea',
  jobColumnItem: 'Elemento',
  jobColumnState: 'Resultado',
  jobColumnDetail: 'Detalle',
  jobColumnUpdated: 'Hora',
  jobItemRunning: 'En curso',
  jobItemOk: 'Hecho',
  jobItemFailed: 'Falló',
  jobItemRefused: 'Rechazado',
  jobItemQueued: 'En cola (caja desconectada)',
  jobItemSkipped: 'Omitido',
};

export const ja: Catalog = {
  jobNotFound: 'ジョブが存在しないか、あなたのジョブではありません',
  jobAlreadyFinished: 'ジョブはすでに終了しています',
  jobCancelRequested: 'ジョブを取り消しています：処理中の項目の後で停止します',
  jobInterrupted: 'ジョブは {attempts} 回ともサーバーの停止で中断されたため、中止しました',
  jobReportSheet: 'ジョブレポート',
  jobColumnItem: '項目',
  jobColumnState: '結果',
  jobColumnDetail: '詳細',
  jobColumnUpdated: '時刻',
  jobItemRunning: '実行中',
  jobItemOk: '完了',
  jobItemFailed: '失敗',
  jobItemRefused: '拒否',
  jobItemQueued: 'キュー済み（ボックスはオフライン）',
  jobItemSkipped: 'スキップ',
};
