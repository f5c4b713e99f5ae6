/** The strings of protocols: device types, register protocols, uploads and versions (Chinese, the shape the other languages follow). */
const deviceTypes = {
  title: 'deviceTypes',
};

export default deviceTypes;
