import type { PwdCalculation } from '@cloudbox/domain';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { timeText } from '../../smartbox/shared/tables';
import { countText, modeLabel, resetLabel } from './labels';

/** The columns of a list of calculations (SPEC.md section 3), as pwd-list and the calculate screen's recent list show them. */
export function calculationColumns(t: TFunction): TableColumnsType<PwdCalculation> {
  const title = (key: string) => t(`dynamicPasswords.columns.${key}`);
  return [
    { title: title('time'), dataIndex: 'created_at', width: 170, render: timeText },
    { title: title('userId'), dataIndex: 'user_id', width: 80 },
    { title: title('hintCode'), dataIndex: 'hint_code', width: 100, render: (code: string) => <span className="qr-manage__mono">{code}</span> },
    { title: title('username'), dataIndex: 'username', width: 140, ellipsis: true },
    { title: title('box'), key: 'box', width: 150, render: (_, row) => `${row.box_id} / ${row.station}` },
    { title: title('note'), dataIndex: 'note', width: 160, ellipsis: true },
    { title: title('mode'), dataIndex: 'mode', width: 150, render: (mode: PwdCalculation['mode']) => modeLabel(t, mode) },
    { title: title('reset'), dataIndex: 'reset_condition', width: 110, render: (reset: PwdCalculation['reset_condition']) => resetLabel(t, reset) },
    { title: title('company'), dataIndex: 'company', width: 140, ellipsis: true },
    { title: title('chargedTo'), dataIndex: 'charged_to', width: 130, render: (name: string | null) => name ?? '—' },
    { title: title('remaining'), dataIndex: 'remaining', width: 110, render: (count: number | null) => countText(t, count) },
  ];
}
