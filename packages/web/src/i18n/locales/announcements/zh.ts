/** The strings of announcements (Chinese, the shape the other languages follow). */
const announcements = {
  title: '',
};

export default announcements;
