/** The messages of the load test and the raw event view (`/scripts/load`, `/scripts/ws-demo`, `/scripts/scripts-list`) (see ../messages.ts), in the four languages. */
export const en = {
  loadTestNotAllowed: 'This server does not allow load tests (set LOAD_TEST_ALLOWED=1)',
  loadTestBoxesRange: 'The number of boxes must be a whole number from 1 to 500',
  loadTestIntervalRange: 'The publish interval must be from 0.2 to 60 seconds',
  loadTestDurationRange: 'The duration must be a whole number of seconds from 3 to 600',
  loadTestRunning: 'A load test is already running (job {id}): wait for it to end or cancel it',
  loadTestStarted: 'Load test started (job {id})',
  loadTestNotFound: 'No such load test',
  loadTestInterrupted: 'The server stopped during the load test: it ended after {seconds} s, and its temporary boxes were removed',
  boxTapBoxNotFound: 'Box {id} is not registered',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  loadTestNotAllowed: '此服务器不允许压力测试（设置 LOAD_TEST_ALLOWED=1）',
  loadTestBoxesRange: '盒子数量必须是1到500之间的整数',
  loadTestIntervalRange: '发布间隔必须在0.2到60秒之间',
  loadTestDurationRange: '持续时间必须是3到600之间的整数秒',
  loadTestRunning: '已有压力测试在运行（任务 {id}）：请等待其结束或取消它',
  loadTestStarted: '压力测试已开始（任务 {id}）',
  loadTestNotFound: '没有这个压力测试',
  loadTestInterrupted: '压力测试期间服务器停止：测试在 {seconds} 秒后结束，临时盒子已删除',
  boxTapBoxNotFound: '盒子 {id} 未注册',
};

export const es: Catalog = {
  loadTestNotAllowed: 'Este servidor no permite pruebas de carga (defina LOAD_TEST_ALLOWED=1)',
  loadTestBoxesRange: 'El número de cajas debe ser un entero de 1 a 500',
  loadTestIntervalRange: 'El intervalo de publicación debe estar entre 0.2 y 60 segundos',
  loadTestDurationRange: 'La duración debe ser un número entero de segundos de 3 a 600',
  loadTestRunning: 'Ya hay una prueba de carga en curso (tarea {id}): espere a que termine o cancélela',
  loadTestStarted: 'Prueba de carga iniciada (tarea {id})',
  loadTestNotFound: 'No existe esa prueba de carga',
  loadTestInterrupted: 'El servidor se detuvo durante la prueba de carga: terminó a los {seconds} s y se eliminaron sus cajas temporales',
  boxTapBoxNotFound: 'La caja {id} no está registrada',
};

export const ja: Catalog = {
  loadTestNotAllowed: 'このサーバーは負荷テストを許可していません（LOAD_TEST_ALLOWED=1 を設定）',
  loadTestBoxesRange: 'ボックス数は 1～500 の整数で指定してください',
  loadTestIntervalRange: '送信間隔は 0.2～60 秒で指定してください',
  loadTestDurationRange: '実行時間は 3～600 秒の整数で指定してください',
  loadTestRunning: '負荷テストはすでに実行中です（ジョブ {id}）：終了を待つか取り消してください',
  loadTestStarted: '負荷テストを開始しました（ジョブ {id}）',
  loadTestNotFound: 'その負荷テストはありません',
  loadTestInterrupted: '負荷テスト中にサーバーが停止しました：{seconds} 秒で終了し、一時ボックスは削除されました',
  boxTapBoxNotFound: 'ボックス {id} は登録されていません',
};
