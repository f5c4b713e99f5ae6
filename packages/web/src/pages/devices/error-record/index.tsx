import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import { useState } from 'react';
import { getDeviceFaults } from '../../../api/devices';
import DeviceHeader, { useDeviceDetail } from '../../../components/DeviceHeader';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import FaultFilters, { faultParams, type FaultFilterState } from '../shared/FaultFilters';
import FaultTable from '../shared/FaultTable';

/** The fault and alert records of one device, newest first. */
export default function ErrorRecord() {
  const { params } = useView();
  const boxId = params.tag_id ?? '';
  const controllerId = Number(params.controller_id);
  const highlight = Number(useViewQuery().get('record')) || undefined;
  const [filters, setFilters] = useState<FaultFilterState>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  // Times and the range read on the CK's clock, so the records are asked for once it is known.
  const detail = useDeviceDetail(boxId);
  const zone = detail.data?.time_zone;
  const query = { ...faultParams(filters, zone), page: paging.page, page_size: paging.pageSize };
  const faults = useQuery({
    queryKey: ['devices', 'faults', boxId, controllerId, query],
    queryFn: () => getDeviceFaults(boxId, controllerId, query),
    placeholderData: keepPreviousData,
    enabled: zone !== undefined,
  });
  return (
    <div className="app-page device-page device-faults">
      <DeviceHeader boxId={boxId} controllerId={controllerId} screen="faults" />
      <Card variant="borderless">
        <Space wrap className="fault-filters">
          <FaultFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
        </Space>
        <FaultTable
          zone={zone}
          highlight={highlight}
          page={faults.data}
          loading={faults.isFetching || detail.isLoading}
          current={paging.page}
          pageSize={paging.pageSize}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      </Card>
    </div>
  );
}
