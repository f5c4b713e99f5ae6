import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, TranslationOutlined } from '@ant-design/icons';
import type { LayoutRegister, LocalizedText } from '@cloudbox/domain';
import { Button, Input, Select, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../stores/app';
import NameDialog from './NameDialog';
import { incomplete, moveRow, withName, withRegister, type Cell, type EditorRow } from './rows';

interface Props {
  rows: EditorRow[];
  registers: LayoutRegister[];
  onChange(rows: EditorRow[]): void;
  /** Marks the cells not ready to save (after a save was tried). */
  checked: boolean;
}

/** The layout's rows: parameter name and register, twice per row; reordered, removed, names edited in four languages. */
export default function LayoutTable({ rows, registers, onChange, checked }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [naming, setNaming] = useState<{ index: number; cell: Cell } | null>(null);
  const bad = new Set(checked ? incomplete(rows).map((problem) => `${problem.index}-${problem.cell}`) : []);
  const options = registers.map((register) => ({ value: register.number, label: `${register.number} · ${register.name[language]}` }));
  const update = (index: number, row: EditorRow) => onChange(rows.map((current, at) => (at === index ? row : current)));

  const nameColumn = (cell: Cell): TableColumnsType<EditorRow>[number] => ({
    title: t(`typeSettings.layout.name${cell}`),
    key: `name${cell}`,
    width: 220,
    render: (_: unknown, row, index) => {
      const name = cell === 1 ? row.name1 : row.name2;
      const disabled = cell === 2 && row.register2 === null;
      return (
        <Space.Compact block>
          <Input
            className={`layout-row__name${cell}`}
            maxLength={100}
            disabled={disabled}
            value={name?.[language] ?? ''}
            status={bad.has(`${index}-${cell}`) && (name?.[language] ?? '').trim() === '' ? 'error' : undefined}
            onChange={(event) => update(index, withName(row, cell, language, event.target.value))}
          />
          <Tooltip title={t('typeSettings.layout.names')}>
            <Button
              icon={<TranslationOutlined />}
              className={`layout-row__names${cell}`}
              aria-label={t('typeSettings.layout.names')}
              disabled={disabled}
              danger={bad.has(`${index}-${cell}`)}
              onClick={() => setNaming({ index, cell })}
            />
          </Tooltip>
        </Space.Compact>
      );
    },
  });

  const registerColumn = (cell: Cell): TableColumnsType<EditorRow>[number] => ({
    title: t(`typeSettings.layout.register${cell}`),
    key: `register${cell}`,
    width: 240,
    render: (_: unknown, row, index) => (
      <Select<number>
        className={`layout-row__register${cell}`}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear={cell === 2}
        placeholder={t('typeSettings.layout.chooseRegister')}
        style={{ width: '100%' }}
        value={(cell === 1 ? row.register1 : row.register2) ?? undefined}
        status={cell === 1 && bad.has(`${index}-1`) && row.register1 === null ? 'error' : undefined}
        options={options}
        onChange={(value) => update(index, withRegister(row, cell, value ?? null, registers))}
      />
    ),
  });

  const columns: TableColumnsType<EditorRow> = [
    { title: t('typeSettings.layout.row'), key: 'row', width: 56, render: (_: unknown, _row, index) => index + 1 },
    nameColumn(1),
    registerColumn(1),
    nameColumn(2),
    registerColumn(2),
    {
      title: t('typeSettings.common.actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, _row, index) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            className="layout-row__up"
            aria-label={t('typeSettings.layout.up')}
            disabled={index === 0}
            onClick={() => onChange(moveRow(rows, index, -1))}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            className="layout-row__down"
            aria-label={t('typeSettings.layout.down')}
            disabled={index === rows.length - 1}
            onClick={() => onChange(moveRow(rows, index, 1))}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            className="layout-row__remove"
            aria-label={t('typeSettings.layout.remove')}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          />
        </Space>
      ),
    },
  ];

  const namingRow = naming && rows[naming.index];
  const namingName: LocalizedText | null | undefined = namingRow && (naming.cell === 1 ? namingRow.name1 : namingRow.name2);
  return (
    <>
      <Table<EditorRow>
        className="layout-table"
        rowKey="key"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('typeSettings.layout.noRows') }}
        onRow={(_row, index) => ({ 'data-row': (index ?? 0) + 1 }) as React.HTMLAttributes<HTMLElement>}
      />
      {naming && namingRow && namingName && (
        <NameDialog
          name={namingName}
          onClose={() => setNaming(null)}
          onSave={(name) => {
            update(naming.index, naming.cell === 1 ? { ...namingRow, name1: name } : { ...namingRow, name2: name });
            setNaming(null);
          }}
        />
      )}
    </>
  );
}
