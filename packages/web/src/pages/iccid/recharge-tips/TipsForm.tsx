import { LANGUAGES, RENEWAL_PHONE_MAX, RENEWAL_TIP_MAX, formatDateTime, type Language, type RechargeTips } from '@cloudbox/domain';
import { Button, Form, Input, Popconfirm, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRechargeTips, updateRechargeTips } from '../../../api/iotCard';
import { useChange } from '../../../utils/use-change';
import RenewalTip from '../RenewalTip';
import { IOT_CARD_KEY } from '../shared';

/** The text a user of `language` reads: its own, else zh, else the default. */
function shownText(tips: Record<Language, string>, defaults: Record<Language, string>, language: Language): string {
  return tips[language].trim() || tips.zh.trim() || defaults[language];
}

/**
 * A company's renewal tip: one tab per language, the phone, save and delete (back to the default),
 * and a preview of the list's tip in the language of the open tab.
 */
export default function TipsForm({ stored, ck }: { stored: RechargeTips; ck?: string }) {
  const { t } = useTranslation();
  const [tips, setTips] = useState<Record<Language, string>>(stored.tips);
  const [phone, setPhone] = useState(stored.phone);
  const [language, setLanguage] = useState<Language>('zh');
  const change = useChange([IOT_CARD_KEY]);

  return (
    <div className="recharge-tips__form">
      <Typography.Paragraph type="secondary" className="recharge-tips__status">
        {stored.is_default ? t('simRenewal.tips.isDefault') : t('simRenewal.tips.updatedAt', { time: formatDateTime(new Date(stored.updated_at!)) })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Tabs
          className="recharge-tips__languages"
          activeKey={language}
          onChange={(key) => setLanguage(key as Language)}
          items={LANGUAGES.map((code) => ({
            key: code,
            label: t(`simRenewal.tips.languages.${code}`),
            children: (
              <Form.Item label={t('simRenewal.tips.text')}>
                <Input.TextArea
                  className={`recharge-tips__text recharge-tips__text--${code}`}
                  rows={4}
                  maxLength={RENEWAL_TIP_MAX}
                  showCount
                  value={tips[code]}
                  placeholder={t('simRenewal.tips.textPlaceholder', {
                    fallback: code === 'zh' ? stored.default_tips.zh : tips.zh || stored.default_tips[code],
                  })}
                  onChange={(event) => setTips({ ...tips, [code]: event.target.value })}
                />
              </Form.Item>
            ),
          }))}
        />
        <Form.Item label={t('simRenewal.tips.phone')}>
          <Input
            className="recharge-tips__phone"
            maxLength={RENEWAL_PHONE_MAX}
            value={phone}
            placeholder={t('simRenewal.tips.phonePlaceholder')}
            onChange={(event) => setPhone(event.target.value)}
          />
        </Form.Item>
        <Space>
          <Button type="primary" className="recharge-tips__save" onClick={() => void change(() => updateRechargeTips({ ...(ck && { ck }), tips, phone }))}>
            {t('simRenewal.tips.save')}
          </Button>
          <Popconfirm title={t('simRenewal.tips.deleteConfirm')} onConfirm={() => void change(() => deleteRechargeTips(ck))}>
            <Button danger className="recharge-tips__delete" disabled={stored.is_default}>
              {t('simRenewal.tips.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
      <Typography.Title level={5} className="recharge-tips__preview-title">
        {t('simRenewal.tips.preview', { language: t(`simRenewal.tips.languages.${language}`) })}
      </Typography.Title>
      <RenewalTip className="recharge-tips__preview" tip={{ text: shownText(tips, stored.default_tips, language), phone: phone.trim() }} />
    </div>
  );
}
