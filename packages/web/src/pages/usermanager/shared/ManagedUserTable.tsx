import type { ManagedUserView } from '@cloudbox/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';

/** The whole list of one's sub-managers or helpers, in one unpaged table. */
export default function ManagedUserTable(props: { users: UseQueryResult<ManagedUserView[]>; columns: TableColumnsType<ManagedUserView>; scrollX: number }) {
  return (
    <Table<ManagedUserView>
      rowKey="id"
      size="middle"
      loading={props.users.isFetching}
      columns={props.columns}
      dataSource={props.users.data ?? []}
      pagination={false}
      scroll={{ x: props.scrollX }}
    />
  );
}
