/** The strings of page layouts, box-model relations and permission templates per type (Chinese, the shape the other languages follow). */
const typeSettings = {
  title: 'typeSettings',
};

export default typeSettings;
