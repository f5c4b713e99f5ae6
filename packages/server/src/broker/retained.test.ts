import { describe, expect, it } from 'vitest';
import { RetainedIndex } from './retained.js';

function indexOf(topics: string[]): RetainedIndex<string> {
  const index = new RetainedIndex<string>();
  for (const topic of topics) index.set(topic, topic);
  return index;
}

const TOPICS = ['cb/1/up/status', 'cb/2/up/status', 'cb/1/down/write', 'cb/1', 'other/x', '$SYS/broker/uptime', 'a//b'];

describe('RetainedIndex', () => {
  it.each([
    ['cb/1/up/status', ['cb/1/up/status']],
    ['cb/+/up/status', ['cb/1/up/status', 'cb/2/up/status']],
    ['cb/1/#', ['cb/1', 'cb/1/up/status', 'cb/1/down/write']],
    ['cb/+', ['cb/1']],
    ['+/+/up/+', ['cb/1/up/status', 'cb/2/up/status']],
    ['#', ['cb/1/up/status', 'cb/2/up/status', 'cb/1/down/write', 'cb/1', 'other/x', 'a//b']],
    ['+/broker/uptime', []],
    ['$SYS/#', ['$SYS/broker/uptime']],
    ['a/+/b', ['a//b']],
    ['cb/3/up/status', []],
    ['cb/1/up/status/more', []],
  ])('matches %s as MQTT does', (filter, expected) => {
    expect([...indexOf(TOPICS).match(filter)].sort()).toEqual([...expected].sort());
  });

  it('keeps the newest message of a topic', () => {
    const index = new RetainedIndex<string>();
    index.set('cb/1/up/status', 'online');
    index.set('cb/1/up/status', 'offline');
    expect([...index.match('cb/1/up/status')]).toEqual(['offline']);
    expect(index.size).toBe(1);
  });

  it('forgets a deleted topic and the levels only it used', () => {
    const index = indexOf(['cb/1/up/status', 'cb/1/up/other']);
    index.delete('cb/1/up/status');
    index.delete('cb/9/up/status');
    expect([...index.match('#')]).toEqual(['cb/1/up/other']);
    index.delete('cb/1/up/other');
    expect(index.size).toBe(0);
    expect([...index.match('#')]).toEqual([]);
  });
});
