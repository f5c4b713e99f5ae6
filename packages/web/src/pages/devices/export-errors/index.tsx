import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchFaults } from '../../../api/devices';
import ExportButton, { streamedReport } from '../../../components/ExportButton';
import { downloadFile } from '../../../utils/download';
import FaultFilters, { faultParams, type FaultFilterState } from '../shared/FaultFilters';
import FaultTable from '../shared/FaultTable';

/** Fault records across every device the user may see: filtered, previewed, exported as a streamed xlsx. */
export default function ExportErrors() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FaultFilterState>({});
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const filterQuery = { ...faultParams(filters), keyword };
  const query = { ...filterQuery, page: paging.page, page_size: paging.pageSize };
  const faults = useQuery({ queryKey: ['faults', query], queryFn: () => searchFaults(query), placeholderData: keepPreviousData });
  const total = faults.data?.total ?? 0;
  return (
    <div className="app-page device-page export-errors">
      <Card variant="borderless">
        <Space wrap className="fault-filters">
          <Input.Search
            className="export-errors__keyword"
            allowClear
            placeholder={t('faults.keyword')}
            onSearch={(value) => {
              setKeyword(value.trim() || undefined);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            style={{ width: 260 }}
          />
          <FaultFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
          <ExportButton
            disabled={total === 0}
            run={(report, signal) => downloadFile('/faults/export', filterQuery, 'faults.xlsx', (progress) => report(streamedReport(progress, t)), signal)}
          >
            {t('export.xlsx')}
          </ExportButton>
        </Space>
        <FaultTable
          withDevice
          page={faults.data}
          loading={faults.isFetching}
          current={paging.page}
          pageSize={paging.pageSize}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      </Card>
    </div>
  );
}
