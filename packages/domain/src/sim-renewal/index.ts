// SIM renewal (/iccid, /iot_card): the expired-device list, the companies' renewal tips, and the renewal requests.
export * from './expired.js';
export * from './tips.js';
export * from './requests.js';
