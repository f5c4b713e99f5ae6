import { BugOutlined } from '@ant-design/icons';
import { formatDateTime } from '@cloudbox/domain';
import { Badge, Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore, type ErrorLogEntry } from '../../stores/errorLog';
import './index.css';

/** The header's bug button: appears once something failed, opens the captured errors. */
export default function ErrorLog() {
  const { t } = useTranslation();
  const logs = useErrorLogStore((state) => state.logs);
  const clear = useErrorLogStore((state) => state.clear);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;

  return (
    <>
      <Badge count={logs.length} size="small" offset={[-6, 6]}>
        <Button type="text" danger className="error-log-button" aria-label={t('navbar.errorLog')} icon={<BugOutlined />} onClick={() => setOpen(true)} />
      </Badge>
      <Modal
        className="error-log-dialog"
        title={t('errorLog.title')}
        open={open}
        width="min(1000px, 96vw)"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        }
      >
        <Table<ErrorLogEntry>
          size="small"
          rowKey={(entry) => `${entry.time}-${entry.message}`}
          dataSource={[...logs].reverse()}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          columns={[
            { title: t('errorLog.time'), dataIndex: 'time', width: 160, render: (time: number) => formatDateTime(time) },
            { title: t('errorLog.message'), dataIndex: 'message', width: 220 },
            { title: t('errorLog.info'), dataIndex: 'info', width: 180, ellipsis: true },
            { title: t('errorLog.url'), dataIndex: 'url', width: 180, ellipsis: true },
          ]}
          expandable={{
            rowExpandable: (entry) => entry.stack !== '',
            expandedRowRender: (entry) => (
              <Typography.Paragraph className="error-log-dialog__stack" copyable>
                {entry.stack}
              </Typography.Paragraph>
            ),
          }}
        />
      </Modal>
    </>
  );
}
