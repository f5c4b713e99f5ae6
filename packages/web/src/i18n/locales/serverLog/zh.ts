/** The strings of serverLog (Chinese, the shape the other languages follow). */
const serverLog = {
  title: '服务器日志',
  time: '时间',
  level: '级别',
  kind: '类型',
  boxId: '盒子ID',
  message: '消息',
  requestId: '请求ID',
  instance: '实例',
  keyword: '消息关键字',
  search: '查询',
  reset: '重置',
  autoRefresh: '自动刷新',
  details: '详情',
  chartTitle: '每小时条数（按级别）',
  noDetails: '无更多信息',
};

export default serverLog;
