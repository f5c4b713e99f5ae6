import { UNLOCK_MODES, type Page, type PwdCalculation, type UnlockMode } from '@cloudbox/domain';
import { Card, Select, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { listCalculations, PWD_KEYS } from '../../../api/dynamicPasswords';
import { XlsxExport } from '../../../components/ExportButton';
import { useFilteredPages } from '../../../utils/use-filtered-pages';
import { serverPaging } from '../../smartbox/shared/tables';
import { calculationColumns } from '../shared/calculation-columns';
import { modeLabel } from '../shared/labels';
import RecordFilters, { type RecordFilter } from '../shared/RecordFilters';
import '../shared/qr-manage.css';

interface CalculationFilter extends RecordFilter {
  mode?: UnlockMode;
}

/**
 * /qrManage/pwd-list (manufacturer, root, distributors): every calculation the caller may see
 * (SPEC.md section 3), filtered by time, user, box and mode, paged by the server, exported as xlsx.
 */
export default function PwdList() {
  const { t } = useTranslation();
  const { filter, update, paging, setPaging, filterQuery, result } = useFilteredPages<CalculationFilter, Page<PwdCalculation>>(
    PWD_KEYS.calculations,
    listCalculations,
  );
  const total = result.data?.total ?? 0;

  return (
    <div className="app-page pwd-list">
      <Card variant="borderless">
        <RecordFilters prefix="pwd-list" filter={filter} update={update}>
          <Select
            className="pwd-list__mode"
            allowClear
            placeholder={t('dynamicPasswords.filters.allModes')}
            style={{ width: 190 }}
            value={filter.mode}
            onChange={(mode?: UnlockMode) => update({ ...filter, mode })}
            options={UNLOCK_MODES.map((mode) => ({ value: mode, label: modeLabel(t, mode) }))}
          />
          <XlsxExport
            className="pwd-list__export"
            disabled={total === 0}
            path="/dynamic-passwords/calculations/export"
            query={filterQuery}
            file="pwd-list.xlsx"
          />
        </RecordFilters>
        <Table<PwdCalculation>
          className="pwd-list__table"
          rowKey="id"
          size="small"
          loading={result.isFetching}
          dataSource={result.data?.items}
          scroll={{ x: 1500 }}
          onRow={(row) => ({ 'data-calculation': row.id, 'data-user': row.username }) as HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={calculationColumns(t)}
        />
      </Card>
    </div>
  );
}
