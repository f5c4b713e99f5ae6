import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/eventRules/en.json';
import zh from '../../../i18n/locales/eventRules/zh';
import { conditionText, ruleSentence } from './condition-text';

async function translator(language: 'zh' | 'en') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { zh: { translation: { eventRules: zh } }, en: { translation: { eventRules: en } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('condition wording', () => {
  it('reads every kind of condition in the reader’s language', async () => {
    const t = await translator('en');
    expect(conditionText(t, { type: 'threshold', op: '>', value: 130 }, '°C')).toBe('> 130 °C');
    expect(conditionText(t, { type: 'threshold', op: '<=', value: 5 })).toBe('<= 5');
    expect(conditionText(t, { type: 'bit', bit: 3 })).toBe('bit 3 is 1');
    expect(conditionText(t, { type: 'bit', bit: 3, set: false })).toBe('bit 3 is 0');
    expect(conditionText(t, { type: 'range', low: 10, high: 20, inside: true }, 'bar')).toBe('between 10 and 20 bar');
    expect(conditionText(t, { type: 'equals', values: [3, 5] })).toBe('equals 3, 5');
    expect(conditionText(t, { type: 'change' })).toBe('changes');
  });

  it('reads a whole rule as a sentence', async () => {
    const outlet = { register: 18, register_name: '出口温度', unit: '°C', condition: { type: 'threshold', op: '>', value: 95 } as const };
    expect(ruleSentence(await translator('zh'), 'zh', { ...outlet, also: [], debounce_s: 10, severity: 'fault' })).toBe('出口温度 > 95 °C 持续 10 秒：故障');
    const running = { register: 1, register_name: 'Status', unit: '', condition: { type: 'bit', bit: 0 } as const };
    expect(
      ruleSentence(await translator('en'), 'en', { ...outlet, register_name: 'Outlet temperature', also: [running], debounce_s: 0, severity: 'alert' }),
    ).toBe('Outlet temperature > 95 °C, and Status bit 0 is 1: Alert');
  });
});
