import { describe, expect, it } from 'vitest';
import { brokerUrl, parseCommandLine, selectBoxes } from './cli-options.js';

const file = JSON.stringify(
  ['100001', '100002', '100003', '100004'].map((id) => ({ id, secret: `s-${id}`, controllers: [{ station: 1, deviceType: 'maglev_blower' }] })),
);

describe('the command line', () => {
  it('registers boxes through the API without a credentials file: the documented command, with the demo root account and CK by default', () => {
    expect(parseCommandLine(['--boxes', '50', '--interval', '5', '--url', 'mqtt://127.0.0.1:1884'])).toEqual({
      ok: true,
      run: {
        source: { kind: 'api', api: 'http://127.0.0.1:8080', username: 'demo_root', password: 'demo123456', ck: '1001', firstId: '870000001', count: 50 },
        url: 'mqtt://127.0.0.1:1884',
        durationSeconds: undefined,
        statsSeconds: 10,
        deviceTypesPath: undefined,
        fleet: { holds: [], intervalSeconds: 5, seed: 1, dropOutRate: undefined, faultRate: undefined, load: undefined },
      },
    });
    const chosen = parseCommandLine([
      '--api',
      'http://server:9000/',
      '--user',
      'demo_limited',
      '--password',
      'secret12',
      '--ck',
      '2002',
      '--first-id',
      '880000001',
    ]);
    expect(chosen.ok && chosen.run.source).toEqual({
      kind: 'api',
      api: 'http://server:9000/',
      username: 'demo_limited',
      password: 'secret12',
      ck: '2002',
      firstId: '880000001',
      count: 10,
    });
    expect(chosen.ok && chosen.run.url).toBeUndefined();
  });

  it('takes the broker named, else the one the server reports, else the local default', () => {
    expect(brokerUrl({ url: 'mqtt://broker:1883' }, 'mqtt://127.0.0.1:1884')).toBe('mqtt://broker:1883');
    expect(brokerUrl({ url: undefined }, 'mqtt://127.0.0.1:1884')).toBe('mqtt://127.0.0.1:1884');
    expect(brokerUrl({ url: undefined }, undefined)).toBe('mqtt://127.0.0.1:1883');
  });

  it('reads a credentials file instead when given one', () => {
    expect(parseCommandLine(['--credentials', 'boxes.json'])).toEqual({
      ok: true,
      run: {
        source: { kind: 'file', path: 'boxes.json', firstId: undefined, count: undefined },
        url: undefined,
        durationSeconds: undefined,
        statsSeconds: 10,
        deviceTypesPath: undefined,
        fleet: { holds: [], intervalSeconds: 10, seed: 1, dropOutRate: undefined, faultRate: undefined, load: undefined },
      },
    });
    const load = parseCommandLine([
      '--credentials',
      'b.json',
      '--url',
      'mqtt://broker:1883',
      '--boxes',
      '2',
      '--first-id',
      '100002',
      '--interval',
      '0.5',
      '--seed',
      '7',
      '--load-points',
      '30',
      '--in-flight',
      '4',
    ]);
    expect(load.ok && load.run).toMatchObject({
      source: { kind: 'file', count: 2, firstId: '100002' },
      url: 'mqtt://broker:1883',
      fleet: { intervalSeconds: 0.5, seed: 7, load: { pointsPerMessage: 30, inFlight: 4 } },
    });
  });

  it('reads device type definitions and repeated holds', () => {
    const parsed = parseCommandLine(['--credentials', 'b.json', '--device-types', 'types.json', '--hold', '1:34=96.5', '--hold', '2:7=-3']);
    expect(parsed.ok && parsed.run).toMatchObject({
      deviceTypesPath: 'types.json',
      fleet: {
        holds: [
          { station: 1, register: 34, value: 96.5 },
          { station: 2, register: 7, value: -3 },
        ],
      },
    });
  });

  it('rejects bad values and unknown options, naming each', () => {
    const parsed = parseCommandLine(['--credentials', 'b.json', '--interval', 'x', '--fault-rate', '2', '--boxes', '1.5']);
    expect(!parsed.ok && parsed.message.split('\n')).toEqual([
      '--boxes: must be a whole number',
      '--interval: must be a number',
      '--fault-rate: must be between 0 and 1',
    ]);
    const api = parseCommandLine(['--api', 'ftp://server', '--ck', '12', '--user', '']);
    expect(!api.ok && api.message.split('\n')).toEqual([
      '--api: the API address starts with http:// or https://',
      '--user: must not be empty',
      '--ck: a CK code is 4 digits',
    ]);
    const holds = parseCommandLine(['--credentials', 'b.json', '--hold', '1:34', '--hold', 'x:1=2']);
    expect(!holds.ok && holds.message.split('\n')).toEqual([
      '--hold: "1:34" is not station:register=value, e.g. 1:34=96.5',
      '--hold: "x:1=2" is not station:register=value, e.g. 1:34=96.5',
    ]);
    const unknown = parseCommandLine(['--credentials', 'b.json', '--speed', '3']);
    expect(!unknown.ok && unknown.message).toContain("'--speed'");
  });
});

describe('choosing boxes from the credentials file', () => {
  it('starts at --first-id and takes --boxes of them', () => {
    const chosen = selectBoxes(file, { firstId: '100002', count: 2 });
    expect(chosen.ok && chosen.boxes.map((box) => box.id)).toEqual(['100002', '100003']);
    const all = selectBoxes(file, { firstId: undefined, count: undefined });
    expect(all.ok && all.boxes).toHaveLength(4);
  });

  it('takes the file of one box registered in the console: the object without a list', () => {
    const one = selectBoxes('{"id": "7000001", "secret": "s", "model": "CB-4G", "controllers": [{"station": 1, "deviceType": "generic_plc"}]}', {
      firstId: undefined,
      count: undefined,
    });
    expect(one.ok && one.boxes.map((box) => box.id)).toEqual(['7000001']);
  });

  it('takes a box’s unlock key and locked stations, as the API writes them (snake_case)', () => {
    const key = 'ab'.repeat(32);
    const text = JSON.stringify([
      { id: '7000002', secret: 's', unlock_key: key, locked_stations: [1], controllers: [{ station: 1, deviceType: 'maglev_blower' }] },
    ]);
    const chosen = selectBoxes(text, { firstId: undefined, count: undefined });
    expect(chosen.ok && chosen.boxes[0]).toMatchObject({ id: '7000002', unlockKey: key, lockedStations: [1] });
    const bad = selectBoxes(text.replace(key, 'nothex'), { firstId: undefined, count: undefined });
    expect(bad.ok ? undefined : bad.message).toMatch(/an unlock key is 64 hex digits/);
  });

  it('says what is wrong with the file or the choice', () => {
    const message = (text: string, run = { firstId: undefined as string | undefined, count: undefined as number | undefined }) => {
      const result = selectBoxes(text, run);
      return result.ok ? undefined : result.message;
    };
    expect(message('{')).toMatch(/^the credentials file is not JSON/);
    expect(message('[{"id": "1", "controllers": []}]')).toMatch(/secret[\s\S]*controllers/);
    expect(message('[]')).toBe('the credentials file lists no boxes');
    expect(message(file, { firstId: '999', count: undefined })).toBe('the credentials file has no box 999');
    expect(message(file, { firstId: '100003', count: 5 })).toBe('the credentials file has only 2 boxes from there, not 5');
  });
});
