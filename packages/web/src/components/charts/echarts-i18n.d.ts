/** ECharts ships its extra locales as UMD objects without declarations. */
declare module 'echarts/i18n/*-obj.js' {
  const locale: Parameters<typeof import('echarts/core').registerLocale>[1];
  export default locale;
}
