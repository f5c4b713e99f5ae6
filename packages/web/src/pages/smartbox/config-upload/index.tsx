import { MAX_CONFIG_BYTES } from '@cloudbox/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sendConfig, uploadConfig } from '../../../api/boxDelivery';
import { BadConfigTarget, ConfigVersions, useConfigTarget } from '../shared/ConfigVersions';
import Deliveries from './Deliveries';

/**
 * A box model's configuration file in one language (smartbox config/upload/:id/:language, root):
 * upload a text or JSON file as the next version, and send the newest to every box of the model.
 */
export default function ConfigUpload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { id, language, valid } = useConfigTarget();
  const upload = useMutation({
    mutationFn: async (file: File) => uploadConfig(id, language, { file_name: file.name, content: await file.text() }),
    onSuccess: ({ version }) => {
      void message.success(t('boxDelivery.config.uploaded', { version }));
      void client.invalidateQueries({ queryKey: ['box-config-versions', id, language] });
    },
  });
  const send = useMutation({
    mutationFn: () => sendConfig(id, language),
    onSuccess: () => {
      void message.success(t('boxDelivery.common.done'));
      void client.invalidateQueries({ queryKey: ['box-config-deliveries', id, language] });
    },
  });
  if (!valid) return <BadConfigTarget />;

  const actions = (
    <Space wrap>
      <Upload
        accept=".json,.txt,.cfg,.conf,.ini,.xml,.csv,text/*,application/json"
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > MAX_CONFIG_BYTES) void message.error(t('boxDelivery.config.tooLarge'));
          else upload.mutate(file);
          // The file is read and posted as text by the mutation; antd's own upload does not run.
          return false;
        }}
      >
        <Button type="primary" className="config-upload__file" loading={upload.isPending}>
          {t('boxDelivery.config.chooseFile')}
        </Button>
      </Upload>
      <Popconfirm title={t('boxDelivery.config.sendConfirm')} onConfirm={() => send.mutate()}>
        <Button className="config-upload__send" loading={send.isPending}>
          {t('boxDelivery.config.sendNewest')}
        </Button>
      </Popconfirm>
      <Link to={`/smartbox/config/protocol/${id}/${language}`}>{t('boxDelivery.config.protocol')}</Link>
    </Space>
  );

  return (
    <div className="app-page smartbox-page config-upload">
      <ConfigVersions id={id} language={language} extra={actions} />
      <Deliveries id={id} language={language} />
    </div>
  );
}
