import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFaults, countFaults, getBoxProperties, type FaultRangeParams } from '../../../api/boxProperties';
import '../shared/smartbox.css';

interface Choice {
  boxId: string;
  station?: number;
  range?: [Dayjs, Dayjs];
}

const BOX_ID = /^\d{1,32}$/;

/**
 * box-clear-fault-record (root; the limited admin and the manufacturer in their CK): deletes a
 * box's fault records that started in a time range, of one controller or all, after a
 * confirmation that names how many there are.
 */
export default function BoxClearFaultRecord() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [choice, setChoice] = useState<Choice>({ boxId: '' });
  const [boxId, setBoxId] = useState('');
  const [found, setFound] = useState<number | null>(null);
  const box = useQuery({ queryKey: ['box-properties', 'form', boxId], queryFn: () => getBoxProperties(boxId), enabled: boxId !== '', retry: false });

  const range = (): FaultRangeParams | undefined =>
    choice.range && {
      from: choice.range[0].toISOString(),
      to: choice.range[1].toISOString(),
      ...(choice.station !== undefined && { station: choice.station }),
    };

  async function count(): Promise<number | undefined> {
    const params = range();
    if (!params || !box.data) return undefined;
    try {
      const { count: total } = await countFaults(box.data.id, params);
      setFound(total);
      return total;
    } catch {
      return undefined;
    }
  }

  async function confirmClear() {
    const total = await count();
    const params = range();
    if (total === undefined || !params || !box.data) return;
    const id = box.data.id;
    modal.confirm({
      title: t('boxProperties.clearConfirm', { count: total, id }),
      okButtonProps: { danger: true, className: 'clear-faults__confirm', disabled: total === 0 },
      onOk: async () => {
        try {
          const cleared = await clearFaults(id, params);
          void message.success(t('boxProperties.cleared', { count: cleared.count }));
          setFound(0);
        } catch {
          // The request layer showed the server's message.
        }
      },
    });
  }

  return (
    <div className="app-page smartbox-page clear-faults">
      <Card variant="borderless" title={t('route.boxClearFaultRecord')}>
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item
            label={t('boxProperties.boxId')}
            validateStatus={box.isError ? 'error' : undefined}
            help={box.isError ? t('boxProperties.boxUnavailable') : undefined}
          >
            <Input.Search
              className="clear-faults__box"
              placeholder={t('boxProperties.boxIdHint')}
              enterButton={t('boxProperties.load')}
              value={choice.boxId}
              onChange={(event) => setChoice({ ...choice, boxId: event.target.value.trim() })}
              onSearch={(value) => {
                if (!BOX_ID.test(value.trim())) return;
                setBoxId(value.trim());
                setChoice({ boxId: value.trim(), range: choice.range });
                setFound(null);
              }}
            />
          </Form.Item>
          {box.data && (
            <>
              <Typography.Paragraph className="clear-faults__loaded" type="secondary">
                {[box.data.id, box.data.ck, box.data.owner_unit].filter(Boolean).join(' · ')}
              </Typography.Paragraph>
              <Form.Item label={t('boxProperties.controller')}>
                <Select
                  className="clear-faults__station"
                  allowClear
                  placeholder={t('boxProperties.allControllers')}
                  value={choice.station}
                  onChange={(station?: number) => {
                    setChoice({ ...choice, station });
                    setFound(null);
                  }}
                  options={box.data.controllers.map((controller) => ({
                    value: controller.station,
                    label: `${t('boxProperties.station', { station: controller.station })}${controller.device_number ? ` · ${controller.device_number}` : ''}`,
                  }))}
                />
              </Form.Item>
              <Form.Item label={t('boxProperties.timeRange')} required>
                <DatePicker.RangePicker
                  className="clear-faults__range"
                  showTime
                  style={{ width: '100%' }}
                  value={choice.range}
                  onChange={(value) => {
                    setChoice({ ...choice, range: value?.[0] && value[1] ? [value[0], value[1]] : undefined });
                    setFound(null);
                  }}
                />
              </Form.Item>
              <Space wrap>
                <Button className="clear-faults__count" disabled={!choice.range} onClick={() => void count()}>
                  {t('boxProperties.countButton')}
                </Button>
                <Button danger type="primary" className="clear-faults__clear" disabled={!choice.range} onClick={() => void confirmClear()}>
                  {t('boxProperties.clear')}
                </Button>
                {found !== null && <Typography.Text className="clear-faults__found">{t('boxProperties.found', { count: found })}</Typography.Text>}
              </Space>
            </>
          )}
        </Form>
      </Card>
    </div>
  );
}
