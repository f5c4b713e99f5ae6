import type { PwdQuotaUser } from '@cloudbox/domain';
import { Button, InputNumber, Switch, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { changePwdQuota, PWD_KEYS, setEndUsersMayCalculate } from '../../../api/dynamicPasswords';
import { useChange } from '../../../utils/use-change';

const REFRESH = [PWD_KEYS.quotas, PWD_KEYS.myQuota];

/** Increase or decrease one user's count by the amount typed; refusals show the server's message. */
function QuotaChange({ user }: { user: PwdQuotaUser }) {
  const { t } = useTranslation();
  const change = useChange(REFRESH);
  const [amount, setAmount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (sign: 1 | -1) => {
    if (!amount) return;
    setBusy(true);
    if (await change(() => changePwdQuota(user.user_id, sign * amount))) setAmount(null);
    setBusy(false);
  };
  return (
    <div className="pwd-quota__change">
      <InputNumber
        className="pwd-quota__amount"
        min={1}
        max={1_000_000}
        precision={0}
        placeholder={t('dynamicPasswords.quota.amount')}
        value={amount}
        onChange={setAmount}
        style={{ width: 110 }}
      />
      <Button className="pwd-quota__increase" type="primary" disabled={!amount} loading={busy} onClick={() => void run(1)}>
        {t('dynamicPasswords.quota.increase')}
      </Button>
      <Button className="pwd-quota__decrease" disabled={!amount} loading={busy} onClick={() => void run(-1)}>
        {t('dynamicPasswords.quota.decrease')}
      </Button>
    </div>
  );
}

/** The switch of a distributor's end users: its own, or one it gives counts to. */
export function EndUsersSwitch({ userId, checked }: { userId: number; checked: boolean }) {
  const change = useChange(REFRESH);
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      className="pwd-quota__end-users"
      checked={checked}
      loading={busy}
      onChange={async (next) => {
        setBusy(true);
        await change(() => setEndUsersMayCalculate(userId, next));
        setBusy(false);
      }}
    />
  );
}

/** The users the caller gives counts to, each with its count, its end-users switch and the change. */
export default function QuotaUsers({ users, loading }: { users: PwdQuotaUser[]; loading: boolean }) {
  const { t } = useTranslation();
  const title = (key: string) => t(`dynamicPasswords.quota.${key}`);
  return (
    <Table<PwdQuotaUser>
      className="pwd-quota__users"
      rowKey="user_id"
      size="middle"
      loading={loading}
      dataSource={users}
      pagination={false}
      locale={{ emptyText: title('noUsers') }}
      onRow={(row) => ({ 'data-user': row.username }) as HTMLAttributes<HTMLElement>}
      scroll={{ x: 900 }}
      columns={[
        { title: title('user'), dataIndex: 'username', width: 160 },
        { title: title('role'), dataIndex: 'role', width: 140, render: (role: string) => t(`role.${role}`, { defaultValue: role }) },
        { title: title('parent'), dataIndex: 'parent', width: 140, render: (parent: string | null) => parent ?? '—' },
        { title: title('remaining'), dataIndex: 'remaining', width: 130, className: 'pwd-quota__remaining' },
        {
          title: title('endUsers'),
          key: 'end_users',
          width: 150,
          render: (_, row) => <EndUsersSwitch userId={row.user_id} checked={row.end_users_may_calculate} />,
        },
        { title: title('amount'), key: 'change', width: 320, render: (_, row) => <QuotaChange user={row} /> },
      ]}
    />
  );
}
