/** The boxDelivery screens' strings (Chinese, the shape the other languages follow). */
const boxDelivery = {};

export default boxDelivery;
