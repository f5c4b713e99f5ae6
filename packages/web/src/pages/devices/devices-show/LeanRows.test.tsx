import type { DeviceItem } from '@cloudbox/domain';
import { render } from '@testing-library/react';
import { Table, type TableColumnType } from 'antd';
import { describe, expect, it } from 'vitest';
import { LeanRows, leanRowsProps, rowKeyOf } from './LeanRows';

const device = (box: string, status: DeviceItem['status'], controller: number | null = 1) =>
  ({ box_id: box, controller_id: controller, status, owner_unit: `Unit of ${box}`, model: 'M' }) as DeviceItem;

const COLUMNS: TableColumnType<DeviceItem>[] = [
  { title: 'Owner', dataIndex: 'owner_unit', key: 'owner_unit', ellipsis: true },
  { title: 'Box', dataIndex: 'box_id', key: 'box_id', align: 'center', sorter: true, sortOrder: 'ascend' },
  { title: 'Status', key: 'status', render: (_, row) => <b data-status-of={row.box_id}>{row.status}</b>, className: 'status-cell' },
];

function List({ items }: { items: DeviceItem[] }) {
  return (
    <LeanRows items={items} columns={COLUMNS}>
      <Table<DeviceItem> rowKey={rowKeyOf} columns={COLUMNS} {...leanRowsProps} pagination={false} />
    </LeanRows>
  );
}

describe('the device list’s lean rows', () => {
  it('draw each device in antd’s row and cell markup, as its columns say', () => {
    const { container } = render(<List items={[device('100', 'online'), device('101', 'offline_fault', null)]} />);
    const rows = [...container.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
    expect(rows.map((row) => [row.getAttribute('data-row-key'), row.getAttribute('data-box'), row.getAttribute('data-status')])).toEqual([
      ['100/1', '100', 'online'],
      ['101/', '101', 'offline_fault'],
    ]);
    const [owner, box, status] = [...rows[0]!.querySelectorAll('td')];
    expect([owner!.className, owner!.title, owner!.textContent]).toEqual(['ant-table-cell ant-table-cell-ellipsis', 'Unit of 100', 'Unit of 100']);
    expect([box!.className, box!.style.textAlign, box!.textContent]).toEqual(['ant-table-cell ant-table-column-sort', 'center', '100']);
    expect([status!.className, status!.querySelector('b')?.getAttribute('data-status-of')]).toEqual(['ant-table-cell status-cell', '100']);
    // The header is antd's, with its sorter.
    expect(container.querySelectorAll('thead th').length).toBe(3);
    expect(container.querySelector('thead .ant-table-column-sorter-up.active')).not.toBeNull();
  });

  it('show antd’s empty state without devices, and follow the devices they are given', () => {
    const { container, rerender } = render(<List items={[]} />);
    expect(container.querySelector('.ant-table-placeholder .ant-empty')).not.toBeNull();
    rerender(<List items={[device('102', 'online_alert')]} />);
    expect(container.querySelector('.ant-table-placeholder')).toBeNull();
    expect(container.querySelector('tr[data-box="102"]')?.getAttribute('data-status')).toBe('online_alert');
  });
});
