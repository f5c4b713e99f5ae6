import type { ServerLogLevel } from '@cloudbox/domain';

/** Each level's colour: the antd tag preset in the table, and the same hue in the chart. */
export const LEVEL_COLORS: Record<ServerLogLevel, { tag: string; chart: string }> = {
  info: { tag: 'blue', chart: '#1677ff' },
  warn: { tag: 'orange', chart: '#fa8c16' },
  error: { tag: 'red', chart: '#f5222d' },
};
