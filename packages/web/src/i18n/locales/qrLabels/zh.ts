/** The strings of qrLabels (Chinese, the shape the other languages follow). */
const qrLabels = {
  title: '二维码标签',
  rowAction: '二维码标签',
  rangeAction: '打印二维码标签',
  boxTitle: '盒子 {{id}} 的二维码标签',
  rangeTitle: '按盒子ID范围打印二维码标签',
  intro: '扫描标签即可打开“添加设备”并填入盒子ID。标签不含CK码：绑定时使用用户自己公司的CK码。',
  startBoxId: '起始盒子ID',
  endBoxId: '结束盒子ID',
  format: '格式',
  formatPdf: 'PDF（A4 标签页）',
  formatPng: 'PNG 图片',
  columns: '每行标签数',
  limits: 'PDF 最多 {{pdf}} 个标签，PNG 最多 {{png}} 个；按盒子ID数值顺序排列。',
  download: '下载',
  cancel: '取消',
  preparing: '正在生成标签…',
  received: '已接收 {{size}}',
  saved: '已保存 {{file}}',
  failed: '标签下载失败，请重试。',
};

export default qrLabels;
