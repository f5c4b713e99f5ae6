/** The companies screens' strings (Chinese, the shape the other languages follow). */
const companies = {};

export default companies;
