/** The strings of excelSettings (Chinese, the shape the other languages follow). */
const excelSettings = {
  title: '',
};

export default excelSettings;
