/** The strings of event rules and the event log (Chinese, the shape the other languages follow). */
const eventRules = {
  title: 'eventRules',
};

export default eventRules;
