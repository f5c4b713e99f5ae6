/** The strings of gauges, stacked charts and stop states (Chinese, the shape the other languages follow). */
const chartSettings = {
  title: 'chartSettings',
};

export default chartSettings;
