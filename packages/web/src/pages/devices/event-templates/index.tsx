import { DEVICE_TYPES, FAULT_SEVERITY_LABELS, findRegister, type DeviceType, type EventRule } from '@cloudbox/domain';
import { Card, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { useViewQuery } from '../../../router/view-query';

/** How a rule's condition reads: `> 85 °C`, or `bit 3 set`. */
export function conditionText(rule: EventRule, deviceType: DeviceType, bitText: (bit: number) => string): string {
  if (rule.condition.type === 'bit') return bitText(rule.condition.bit);
  const unit = findRegister(deviceType, rule.register)?.unit ?? '';
  return `${rule.condition.op} ${rule.condition.value}${unit ? ` ${unit}` : ''}`;
}

/** The event rules of each device type of the catalog: which register, when, how bad, with what message. */
export default function EventTemplates() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useViewQuery();
  const asked = query.get('type');
  return (
    <div className="app-page event-templates">
      <Card variant="borderless">
        <Tabs
          defaultActiveKey={DEVICE_TYPES.some((type) => type.id === asked) ? (asked ?? undefined) : DEVICE_TYPES[0]?.id}
          items={DEVICE_TYPES.map((deviceType) => ({
            key: deviceType.id,
            label: deviceType.name[language],
            children: (
              <Table<EventRule & { key: number }>
                className="event-rules"
                size="small"
                pagination={false}
                scroll={{ x: 860 }}
                dataSource={deviceType.events.map((rule, index) => ({ ...rule, key: index }))}
                columns={[
                  { title: t('events.register'), dataIndex: 'register', render: (number: number) => findRegister(deviceType, number)?.name[language] ?? number },
                  { title: t('events.condition'), key: 'condition', render: (_, rule) => conditionText(rule, deviceType, (bit) => t('events.bitSet', { bit })) },
                  { title: t('faults.severity'), dataIndex: 'severity', render: (severity: EventRule['severity']) => <Tag color={severity === 'fault' ? 'red' : 'orange'}>{FAULT_SEVERITY_LABELS[severity][language]}</Tag> },
                  { title: t('events.debounce'), dataIndex: 'debounce_s', render: (seconds: number) => t('events.seconds', { seconds }) },
                  { title: t('events.hysteresis'), dataIndex: 'clear_hysteresis' },
                  { title: t('faults.message'), dataIndex: 'message', render: (message: EventRule['message']) => message[language] },
                ]}
              />
            ),
          }))}
        />
      </Card>
    </div>
  );
}
