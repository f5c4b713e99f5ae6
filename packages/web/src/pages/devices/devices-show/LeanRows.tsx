import type { DeviceItem } from '@cloudbox/domain';
import type { TableColumnType, TableProps } from 'antd';
import { createContext, memo, useContext, type HTMLAttributes, type ReactNode } from 'react';

type Column = TableColumnType<DeviceItem>;

/** The rows of the page and the columns they are drawn with, for the table's body. */
const LeanRowsContext = createContext<{ items: readonly DeviceItem[]; columns: readonly Column[] }>({ items: [], columns: [] });

export const rowKeyOf = (device: DeviceItem) => `${device.box_id}/${device.controller_id ?? ''}`;

/**
 * A page of up to a hundred rows drawn as plain rows in antd's table markup (its classes, so its
 * styles and the row hover apply), inside antd's Table, which keeps the header, sorting, column
 * widths, loading and paging. rc-table makes several components for every cell: on a page of 20
 * they were 900 of the first render's 2,100 (BENCHMARKS.md, console). The Table is given no rows
 * (`dataSource` empty) and this body instead: `leanRowsProps`.
 */
export function LeanRows({ items, columns, children }: { items: readonly DeviceItem[]; columns: readonly Column[]; children: ReactNode }) {
  return <LeanRowsContext.Provider value={{ items, columns }}>{children}</LeanRowsContext.Provider>;
}

/** The Table's props that draw `LeanRows`' rows: its body, and what it shows without them (the empty state, on no rows). */
export const leanRowsProps: Pick<TableProps<DeviceItem>, 'components' | 'dataSource'> = {
  dataSource: [],
  components: { body: { wrapper: Body } },
};

function Body({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  const { items, columns } = useContext(LeanRowsContext);
  return <tbody {...props}>{items.length === 0 ? children : items.map((device) => <Row key={rowKeyOf(device)} device={device} columns={columns} />)}</tbody>;
}

/** One row; drawn again only when its device or the columns change (live status changes patch single rows). */
const Row = memo(function Row({ device, columns }: { device: DeviceItem; columns: readonly Column[] }) {
  return (
    <tr className="ant-table-row ant-table-row-level-0" data-row-key={rowKeyOf(device)} data-box={device.box_id} data-status={device.status}>
      {columns.map((column, index) => {
        const value = column.dataIndex === undefined ? undefined : device[column.dataIndex as keyof DeviceItem];
        const content = column.render ? (column.render(value, device, index) as ReactNode) : (value as ReactNode);
        const className = ['ant-table-cell', column.ellipsis && 'ant-table-cell-ellipsis', column.sortOrder && 'ant-table-column-sort', column.className]
          .filter(Boolean)
          .join(' ');
        return (
          <td
            key={String(column.key ?? column.dataIndex)}
            className={className}
            style={column.align ? { textAlign: column.align } : undefined}
            title={column.ellipsis && typeof content === 'string' ? content : undefined}
          >
            {content}
          </td>
        );
      })}
    </tr>
  );
});
