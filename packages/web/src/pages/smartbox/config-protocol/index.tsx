import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getConfigVersion } from '../../../api/boxDelivery';
import { BadConfigTarget, ConfigVersions, useConfigTarget, useConfigVersions } from '../shared/ConfigVersions';

/** A box model's configuration file in one language (smartbox config/protocol/:id/:language, root): its versions and their text. */
export default function ConfigProtocol() {
  const { t } = useTranslation();
  const { id, language, valid } = useConfigTarget();
  const versions = useConfigVersions(id, language, valid);
  const [picked, setPicked] = useState<number | undefined>();
  const version = picked ?? versions.data?.versions[0]?.version;
  const content = useQuery({
    queryKey: ['box-config-version', id, language, version],
    queryFn: () => getConfigVersion(id, language, version!),
    enabled: valid && version !== undefined,
  });
  if (!valid) return <BadConfigTarget />;

  return (
    <div className="app-page smartbox-page config-protocol">
      <ConfigVersions
        id={id}
        language={language}
        selected={version}
        extra={<Link to={`/smartbox/config/upload/${id}/${language}`}>{t('boxDelivery.config.upload')}</Link>}
        action={(row) => (
          <Button size="small" type="link" onClick={() => setPicked(row.version)}>
            {t('boxDelivery.config.view')}
          </Button>
        )}
      />
      <Card variant="borderless" title={`${t('boxDelivery.config.contentTitle')}${version ? ` · v${version}` : ''}`}>
        {content.data ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary" copyable={{ text: content.data.sha256 }}>
              SHA-256 {content.data.sha256}
            </Typography.Text>
            <pre className="smartbox-page__content config-protocol__content">{content.data.content}</pre>
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boxDelivery.config.noVersion')} />
        )}
      </Card>
    </div>
  );
}
