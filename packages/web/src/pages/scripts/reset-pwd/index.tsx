import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AccountResetList from '../../usermanager/ck-users/AccountResetList';
import './index.css';

/** Root's password script: find any account by user name and give it a new password, shown once. */
export default function ResetPwd() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string>();
  return (
    <div className="app-page script-reset-pwd">
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('accounts.resetPwd.intro')}</Typography.Paragraph>
        <Space.Compact className="script-reset-pwd__search">
          <Input
            allowClear
            placeholder={t('accounts.username')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={() => setKeyword(draft.trim())}
          />
          <Button type="primary" onClick={() => setKeyword(draft.trim())}>
            {t('accounts.resetPwd.find')}
          </Button>
        </Space.Compact>
        <AccountResetList params={keyword ? { keyword, page: 1, page_size: 50 } : undefined} empty={t('accounts.resetPwd.none')} />
      </Card>
    </div>
  );
}
