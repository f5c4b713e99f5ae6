/** The strings of notifications (Chinese, the shape the other languages follow). */
const notifications = {
  title: '',
};

export default notifications;
