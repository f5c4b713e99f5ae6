/** The boxRegistration screens' strings (Chinese, the shape the other languages follow). */
const boxRegistration = {};

export default boxRegistration;
