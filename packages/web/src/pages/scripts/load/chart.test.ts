import { describe, expect, it } from 'vitest';
import { missingParts } from '../../../test/chart-parts';
import { THROUGHPUT_PARTS, throughputOption } from './chart';

describe('the load test throughput chart', () => {
  it('has every ECharts part its option draws with', () => {
    const samples = [{ second: 1, at: 1000, points_per_s: 3500, messages_per_s: 100, sent_per_s: 100, connected: 100 }];
    expect(missingParts(THROUGHPUT_PARTS, throughputOption(samples, { points: 'points/s', messages: 'messages/s', sent: 'sent/s' }))).toEqual([]);
  });
});
