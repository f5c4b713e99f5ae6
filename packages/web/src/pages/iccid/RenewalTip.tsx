import { PhoneOutlined } from '@ant-design/icons';
import type { ShownTip } from '@cloudbox/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** A company's renewal tip as the expired-device list shows it on top: the text, and the phone when there is one. */
export default function RenewalTip({ tip, className }: { tip: ShownTip; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      className={['renewal-tip', className].filter(Boolean).join(' ')}
      type="warning"
      showIcon
      title={<span className="renewal-tip__text expired-list__tip-text">{tip.text}</span>}
      description={
        tip.phone ? (
          <span className="renewal-tip__phone">
            <PhoneOutlined /> {t('simRenewal.contactPhone', { phone: tip.phone })}
          </span>
        ) : undefined
      }
    />
  );
}
