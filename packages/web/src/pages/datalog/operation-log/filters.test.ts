import { OPERATION_ACTIONS, LANGUAGES } from '@cloudbox/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../i18n/locales/all';
import { operationLogParams } from './filters';

describe('operation log filters', () => {
  it('sends what is set, trimmed, with the page', () => {
    const from = dayjs('2026-11-01T00:00:00Z');
    const to = dayjs('2026-11-02T00:00:00Z');
    expect(operationLogParams({ boxId: ' 1001 ', username: '', action: 'switch', range: [from, to] }, 3, 50)).toEqual({
      box_id: '1001',
      username: undefined,
      action: 'switch',
      from: from.valueOf(),
      to: to.valueOf(),
      page: 3,
      page_size: 50,
    });
  });
  it('names every action in every language', () => {
    for (const language of LANGUAGES) {
      for (const action of OPERATION_ACTIONS) expect(MESSAGES[language].datalog.operationLog.actions[action], `${language} ${action}`).toBeTruthy();
    }
  });
});
