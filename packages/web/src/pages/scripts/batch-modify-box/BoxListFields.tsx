import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { boxIdsOfFile } from './box-list';

/**
 * The box list: pasted, or read from an uploaded xlsx, csv or txt file (`onUploaded` gets its ids,
 * which the caller puts in the list).
 */
export default function BoxListFields({ listed, onUploaded }: { listed?: number; onUploaded: (ids: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="list"
        label={t('batchJobs.box.list')}
        extra={listed !== undefined ? t('batchJobs.box.listed', { count: listed }) : t('batchJobs.box.listHint')}
        rules={[{ required: true, message: t('batchJobs.required', { field: t('batchJobs.box.list') }) }]}
      >
        <Input.TextArea rows={3} className="batch-box__list" placeholder={t('batchJobs.box.listHint')} />
      </Form.Item>
      <Upload
        accept=".xlsx,.csv,.txt"
        showUploadList={false}
        beforeUpload={(file) => {
          void boxIdsOfFile(file).then(onUploaded);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} className="batch-box__upload">
          {t('batchJobs.box.upload')}
        </Button>
      </Upload>
    </>
  );
}
