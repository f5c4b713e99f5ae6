/** The strings of pushSettings (Chinese, the shape the other languages follow). */
const pushSettings = {
  title: '',
};

export default pushSettings;
