import { Alert, Table } from 'antd';
import type { ReactNode } from 'react';
import type { ReportLine } from './report';

interface Props {
  message: string;
  /** Problems of the whole file, under the message. */
  details?: string[];
  lines: ReportLine[];
  /** The table's class, by which tests find it. */
  className: string;
  labels: { title: string; row: string; column: string; message: string };
  /** A column as the table shows it (default: as the sheet's header names it). */
  columnText?: (column: string) => ReactNode;
}

/** The verdict on an uploaded sheet: what was wrong with the file, and every bad row by row and column. */
export default function UploadReport({ message, details = [], lines, className, labels, columnText = (column) => column }: Props) {
  return (
    <>
      <Alert type="error" showIcon message={message} description={details.length > 0 ? details.map((detail) => <div key={detail}>{detail}</div>) : undefined} />
      {lines.length > 0 && (
        <Table<ReportLine>
          className={className}
          title={() => labels.title}
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={lines}
          scroll={{ y: 400 }}
          onRow={(line) => ({ 'data-row': line.row ?? '', 'data-column': line.column ?? '' }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: labels.row, dataIndex: 'row', width: 70, render: (row: number | null) => row ?? '—' },
            { title: labels.column, dataIndex: 'column', width: 140, render: (column: string | null) => (column === null ? '—' : columnText(column)) },
            { title: labels.message, dataIndex: 'message' },
          ]}
        />
      )}
    </>
  );
}
