/** The accounts screens' strings (Chinese, the shape the other languages follow). */
const accounts = {};

export default accounts;
