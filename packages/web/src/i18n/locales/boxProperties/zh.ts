/** The boxProperties screens' strings (Chinese, the shape the other languages follow). */
const boxProperties = {};

export default boxProperties;
