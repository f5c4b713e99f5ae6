/** The strings of jobs (Chinese, the shape the other languages follow). */
const jobs = {
  title: '任务',
  kinds: {
    program_delivery: '下发 PLC 程序',
    batch_modify_box: '批量修改盒子',
    batch_modify_params: '批量修改参数',
    inactive_scan: '检查不活跃盒子',
    reset_devices: '重启或重置盒子',
    load_test: '压力测试',
  },
  states: {
    queued: '排队中',
    running: '运行中',
    done: '已完成',
    failed: '失败',
    cancelled: '已取消',
  },
  itemStates: {
    running: '进行中',
    ok: '完成',
    failed: '失败',
    refused: '无权限',
    queued: '已排队（离线）',
    skipped: '已跳过',
  },
  cancel: '取消任务',
  cancelConfirm: '取消这个任务？已完成的项目保持不变。',
  startedBy: '发起人',
  createdAt: '创建时间',
  finishedAt: '结束时间',
  attempts: '运行次数',
  allItems: '全部',
  item: '项目',
  result: '结果',
  detail: '详情',
  updatedAt: '时间',
  itemDetail: {
    error: '错误：{{error}}',
    chunks: '{{acked}}/{{total}} 块',
    retries: '重发 {{count}} 次',
    value: '{{old}} → {{new}}',
    readBack: '回读 {{value}}',
  },
};

export default jobs;
