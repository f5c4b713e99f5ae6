import { Button, Popconfirm, Space } from 'antd';

interface RowActionsProps {
  /** Prefix of the links' classes: `<prefix>__edit`, `<prefix>__delete`. */
  className: string;
  labels: { edit: string; delete: string };
  /** The question asked before deleting. */
  confirm: string;
  onEdit(): void;
  onDelete(): unknown;
}

/** A table row's edit link and its delete link, asked first. */
export default function RowActions({ className, labels, confirm, onEdit, onDelete }: RowActionsProps) {
  return (
    <Space size={4}>
      <Button type="link" size="small" className={`${className}__edit`} onClick={onEdit}>
        {labels.edit}
      </Button>
      <Popconfirm title={confirm} onConfirm={() => void onDelete()}>
        <Button type="link" size="small" danger className={`${className}__delete`}>
          {labels.delete}
        </Button>
      </Popconfirm>
    </Space>
  );
}
