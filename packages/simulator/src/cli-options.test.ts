import { describe, expect, it } from 'vitest';
import { parseCommandLine, selectBoxes } from './cli-options.js';

const file = JSON.stringify(
  ['100001', '100002', '100003', '100004'].map((id) => ({ id, secret: `s-${id}`, controllers: [{ station: 1, deviceType: 'maglev_blower' }] })),
);

describe('the command line', () => {
  it('needs a credentials file, and says why', () => {
    const parsed = parseCommandLine(['--boxes', '10']);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/^--credentials: missing\. The server issues each box its MQTT secret at registration/);
  });

  it('reads the documented options with their defaults', () => {
    expect(parseCommandLine(['--credentials', 'boxes.json'])).toEqual({
      ok: true,
      run: {
        credentials: 'boxes.json',
        count: undefined,
        firstId: undefined,
        durationSeconds: undefined,
        statsSeconds: 10,
        fleet: { url: 'mqtt://127.0.0.1:1883', intervalSeconds: 10, seed: 1, dropOutRate: undefined, faultRate: undefined, load: undefined },
      },
    });
    const load = parseCommandLine(['--credentials', 'b.json', '--url', 'mqtt://broker:1883', '--boxes', '2', '--first-id', '100002', '--interval', '0.5', '--seed', '7', '--load-points', '30', '--in-flight', '4']);
    expect(load.ok && load.run).toMatchObject({ count: 2, firstId: '100002', fleet: { url: 'mqtt://broker:1883', intervalSeconds: 0.5, seed: 7, load: { pointsPerMessage: 30, inFlight: 4 } } });
  });

  it('rejects bad values and unknown options, naming each', () => {
    const parsed = parseCommandLine(['--credentials', 'b.json', '--interval', 'x', '--fault-rate', '2', '--boxes', '1.5']);
    expect(!parsed.ok && parsed.message.split('\n')).toEqual(['--boxes: must be a whole number', '--interval: must be a number', '--fault-rate: must be between 0 and 1']);
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
