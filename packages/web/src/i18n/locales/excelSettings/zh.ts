/** The strings of excelSettings (Chinese, the shape the other languages follow). */
const excelSettings = {
  title: '导出设置',
  company: '公司',
  chooseCompany: '请先选择公司，再设置它的导出列',
  hint: '勾选导出包含的列，用箭头调整顺序；该公司所有用户的导出都按此设置。',
  isDefault: '默认',
  customized: '已自定义',
  moveUp: '上移',
  moveDown: '下移',
  moveToFront: '移到最前',
  preview: '表头预览',
  save: '保存',
  reset: '恢复默认',
  resetConfirm: '恢复“{{name}}”的默认列？',
  saved: '已保存“{{name}}”的导出列',
  resetDone: '“{{name}}”已恢复默认列',
  atLeastOne: '请至少选择一列',
  chosenCount: '已选 {{count}} / {{total}} 列',
};

export default excelSettings;
