import type { EventRuleItem, FaultSeverity } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteEventRule, listEventRules, setEventRuleEnabled } from '../../../api/eventRules';
import { currentLanguage } from '../../../i18n';
import { serverPaging, timeText } from '../../smartbox/shared/tables';
import { ruleSentence } from './condition-text';
import { SeverityTag } from './SeveritySelect';
import { useRuleChange } from './useRuleChange';

export interface RuleFilter {
  device_type?: string;
  enabled?: boolean;
  severity?: FaultSeverity;
}

/**
 * Event rules matching a filter, paged by the server: each as a sentence in the reader's language,
 * with a switch to enable or disable it, a link to edit it and a confirmed delete. The list screen
 * and a device type's rules show the same table.
 */
export default function RuleTable({ filter, showType }: { filter: RuleFilter; showType: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const change = useRuleChange();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params = { ...filter, enabled: filter.enabled === undefined ? undefined : String(filter.enabled), page: paging.page, page_size: paging.pageSize };
  const rules = useQuery({ queryKey: ['event-rules', params], queryFn: () => listEventRules(params), placeholderData: keepPreviousData });

  const columns: TableColumnsType<EventRuleItem> = [
    ...(showType ? [{ title: t('eventRules.deviceType'), key: 'type', width: 150, render: (_: unknown, rule: EventRuleItem) => rule.device_type.name }] : []),
    { title: t('eventRules.code'), dataIndex: 'code', width: 70 },
    { title: t('eventRules.rule'), key: 'rule', className: 'event-rule__sentence', width: 340, render: (_, rule) => ruleSentence(t, language, rule) },
    {
      title: t('eventRules.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (severity: FaultSeverity) => <SeverityTag severity={severity} />,
    },
    { title: t('eventRules.hysteresis'), dataIndex: 'clear_hysteresis', width: 110 },
    { title: t('eventRules.message'), dataIndex: 'message', ellipsis: true },
    {
      title: t('eventRules.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, rule) => (
        <Switch className="event-rule__enabled" size="small" checked={enabled} onChange={(next) => void change(() => setEventRuleEnabled(rule.id, next))} />
      ),
    },
    { title: t('eventRules.updatedAt'), dataIndex: 'updated_at', width: 170, render: timeText },
    {
      title: t('eventRules.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, rule) => (
        <Space size={0}>
          <Button type="link" size="small" className="event-rule__edit" onClick={() => void navigate(`/events/events-add?id=${rule.id}`)}>
            {t('eventRules.edit')}
          </Button>
          <Popconfirm title={t('eventRules.deleteConfirm', { code: rule.code })} onConfirm={() => change(() => deleteEventRule(rule.id))}>
            <Button type="link" size="small" danger className="event-rule__delete">
              {t('eventRules.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<EventRuleItem>
      className="event-rule-table"
      rowKey="id"
      size="small"
      loading={rules.isFetching}
      dataSource={rules.data?.items}
      scroll={{ x: 1300 }}
      onRow={(rule) => ({ 'data-rule': rule.id, 'data-code': rule.code, 'data-type': rule.device_type.id }) as React.HTMLAttributes<HTMLElement>}
      pagination={serverPaging(paging, rules.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
      columns={columns}
    />
  );
}
