import type { AccountView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccount, listAccounts } from '../../../api/accounts';

type Destination = 'superior' | 'manager';

/**
 * Deleting an account. One that owns boxes must say where they go (the server moves them in the
 * same transaction): to its superior, or to another manager of its company; its subordinates move
 * up to its superior either way.
 */
export default function DeleteAccountDialog({ account, onClose }: { account?: AccountView; onClose(deleted: boolean): void }) {
  const { t } = useTranslation();
  // The parent mounts one dialog per account (its key), so these start afresh for each.
  const [destination, setDestination] = useState<Destination>(account?.parent_id ? 'superior' : 'manager');
  const [manager, setManager] = useState<number>();
  const [busy, setBusy] = useState(false);
  const ownsBoxes = (account?.boxes ?? 0) > 0;
  const managers = useQuery({
    queryKey: ['accounts', 'managers', account?.ck],
    queryFn: () => listAccounts({ ck: account!.ck!, role: 'manager', page: 1, page_size: 500 }),
    enabled: ownsBoxes && account?.ck != null,
  });

  const boxesTo = !ownsBoxes ? undefined : destination === 'superior' ? (account?.parent_id ?? undefined) : manager;

  async function confirm() {
    if (!account) return;
    setBusy(true);
    try {
      await deleteAccount(account.id, boxesTo);
      onClose(true);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={account !== undefined}
      title={t('accounts.deleteTitle', { name: account?.username ?? '' })}
      okText={t('accounts.delete')}
      okButtonProps={{ danger: true, disabled: ownsBoxes && boxesTo === undefined, loading: busy }}
      cancelText={t('accounts.cancel')}
      onOk={() => void confirm()}
      onCancel={() => onClose(false)}
      className="accounts-delete-dialog"
    >
      <Typography.Paragraph>{t('accounts.deleteConfirm', { name: account?.username ?? '' })}</Typography.Paragraph>
      {ownsBoxes && account && (
        <Space direction="vertical" className="accounts-delete-dialog__boxes">
          <Typography.Text strong>{t('accounts.boxesQuestion', { name: account.username, count: account.boxes })}</Typography.Text>
          <Radio.Group value={destination} onChange={(event) => setDestination(event.target.value as Destination)}>
            <Space direction="vertical">
              {account.parent_id !== null && <Radio value="superior">{t('accounts.toSuperior', { name: account.parent_name ?? '' })}</Radio>}
              <Radio value="manager">{t('accounts.toManager')}</Radio>
            </Space>
          </Radio.Group>
          {destination === 'manager' && (
            <Select<number>
              className="accounts-delete-dialog__manager"
              showSearch
              optionFilterProp="label"
              placeholder={t('accounts.pickManager')}
              loading={managers.isLoading}
              value={manager}
              onChange={setManager}
              options={(managers.data?.items ?? []).filter((row) => row.id !== account.id).map((row) => ({ value: row.id, label: row.username }))}
            />
          )}
        </Space>
      )}
      {account?.is_manager && <Alert type="info" showIcon message={t('accounts.subordinatesMove')} />}
    </Modal>
  );
}
