import type { PasswordResetView } from '@cloudbox/domain';
import { App, Button, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetAccountPassword } from '../../../api/accounts';
import './PasswordReset.css';

/**
 * Reset password: after a confirmation, the server draws a random password and answers it once;
 * it is shown here, with a copy button, until the dialog closes, and nowhere else.
 */
export function ResetPasswordButton({ account, size = 'small' }: { account: { id: number; username: string }; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState<PasswordResetView>();

  async function reset() {
    try {
      setShown(await resetAccountPassword(account.id));
    } catch {
      // the request layer has shown the server's message
    }
  }

  return (
    <>
      <Popconfirm title={t('accounts.resetConfirm', { name: account.username })} onConfirm={() => reset()} okText={t('accounts.resetPassword')}>
        <Button size={size} className="accounts-reset" data-account={account.username}>
          {t('accounts.resetPassword')}
        </Button>
      </Popconfirm>
      <Modal
        open={shown !== undefined}
        title={t('accounts.newPasswordTitle', { name: shown?.username ?? '' })}
        onCancel={() => setShown(undefined)}
        footer={
          <Button className="accounts-new-password__close" onClick={() => setShown(undefined)}>
            {t('accounts.close')}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('accounts.newPasswordHint')}</Typography.Paragraph>
        <Typography.Text
          code
          className="accounts-new-password"
          copyable={{
            text: shown?.password ?? '',
            tooltips: [t('accounts.copyPassword'), t('accounts.copied')],
            onCopy: () => void message.success(t('accounts.copied')),
          }}
        >
          {shown?.password}
        </Typography.Text>
      </Modal>
    </>
  );
}
