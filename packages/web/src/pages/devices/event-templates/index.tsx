import { FAULT_SEVERITY_LABELS, formatMessage, type EventRuleView } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getEventRules, listDeviceTypes } from '../../../api/devices';
import { currentLanguage } from '../../../i18n';
import { useViewQuery } from '../../../router/view-query';
import { conditionText } from '../../events/shared/condition-text';

/**
 * The event rules of a device type (`?type=`, as the device screens link it; else the first type):
 * which register, when, how bad, with what message. Read from the server's rules, so a rule
 * edited there shows here as it is.
 */
export default function EventTemplates() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const query = useViewQuery();
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes, staleTime: 60_000 });
  const asked = query.get('type');
  const type = asked ?? types.data?.[0]?.id;
  const rules = useQuery({ queryKey: ['device-types', type, 'event-rules'], queryFn: () => getEventRules(type!), enabled: type !== undefined, retry: false });

  return (
    <div className="app-page event-templates" data-type={type ?? ''}>
      <Card variant="borderless">
        <Space wrap className="event-templates__toolbar" style={{ marginBottom: 16 }}>
          <Typography.Text>{t('events.deviceType')}</Typography.Text>
          <Select
            className="event-templates__type"
            style={{ minWidth: 220 }}
            value={type}
            loading={types.isLoading}
            onChange={(next: string) => void navigate(`/devices/events/templates?type=${encodeURIComponent(next)}`, { replace: true })}
            options={(types.data ?? []).map((deviceType) => ({ value: deviceType.id, label: deviceType.name }))}
          />
        </Space>
        {rules.isError ? (
          <Empty description={t('device.notFound')} />
        ) : (
          <Table<EventRuleView>
            className="event-rules"
            rowKey="id"
            size="small"
            loading={rules.isFetching}
            pagination={false}
            scroll={{ x: 980 }}
            dataSource={rules.data?.rules}
            onRow={(rule) => ({ 'data-rule': rule.id, 'data-register': rule.register }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('events.code'), dataIndex: 'code', width: 70 },
              { title: t('events.register'), dataIndex: 'register', width: 180, render: (number: number, rule) => rule.register_name ?? number },
              {
                title: t('events.condition'),
                key: 'condition',
                className: 'event-rules__condition',
                width: 200,
                render: (_, rule) => conditionText(t, rule.condition, rule.unit),
              },
              {
                title: t('faults.severity'),
                dataIndex: 'severity',
                width: 90,
                render: (severity: EventRuleView['severity']) => (
                  <Tag color={severity === 'fault' ? 'red' : 'orange'}>{formatMessage(language, FAULT_SEVERITY_LABELS[severity])}</Tag>
                ),
              },
              { title: t('events.debounce'), dataIndex: 'debounce_s', width: 100, render: (seconds: number) => t('events.seconds', { seconds }) },
              { title: t('events.hysteresis'), dataIndex: 'clear_hysteresis', width: 110 },
              { title: t('faults.message'), dataIndex: 'message', className: 'event-rules__message' },
              {
                title: t('events.enabled'),
                dataIndex: 'enabled',
                width: 90,
                render: (enabled: boolean) => <Tag color={enabled ? 'success' : 'default'}>{t(enabled ? 'events.on' : 'events.off')}</Tag>,
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
