import type { CompanyDeviceTypesView, TemplateRights } from '@cloudbox/domain';
import { Button, Segmented, Space, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { rightOf, withAll, withRight, type RightChoice } from './rights';
import './rights-editor.css';

type DeviceType = CompanyDeviceTypesView['device_types'][number];
type Register = DeviceType['registers'][number];

interface Props {
  deviceTypes: DeviceType[];
  value?: TemplateRights;
  onChange?(rights: TemplateRights): void;
}

/**
 * A model's rights (a form control, shared by the companies' models and /device-type/permission):
 * per device type offered, per register none, read, or
 * read and write (only where the register can be written), and the same for a whole type at once.
 */
export default function RightsEditor({ deviceTypes, value = {}, onChange }: Props) {
  const { t } = useTranslation();
  const change = (rights: TemplateRights) => onChange?.(rights);
  const choices = (register: Register): { value: RightChoice; label: string; disabled?: boolean }[] => [
    { value: 'none', label: t('companies.rights.none') },
    { value: 'r', label: t('companies.rights.read') },
    { value: 'rw', label: t('companies.rights.readWrite'), disabled: !register.writable },
  ];

  return (
    <Tabs
      className="rights-editor"
      items={deviceTypes.map((type) => ({
        key: type.id,
        label: <span data-device-type={type.id}>{type.name}</span>,
        children: (
          <>
            <Space wrap className="rights-editor__all">
              {(['none', 'r', 'rw'] as const).map((choice) => (
                <Button
                  key={choice}
                  size="small"
                  className={`rights-editor__all-${choice}`}
                  onClick={() => change(withAll(value, type.id, type.registers, choice))}
                >
                  {t(`companies.rights.${choice === 'none' ? 'allNone' : choice === 'r' ? 'allRead' : 'allReadWrite'}`)}
                </Button>
              ))}
            </Space>
            <Table<Register>
              rowKey="number"
              size="small"
              pagination={false}
              scroll={{ y: 320 }}
              dataSource={type.registers}
              onRow={(register) => ({ 'data-register': register.number }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { title: t('companies.rights.number'), dataIndex: 'number', width: 64 },
                { title: t('companies.rights.register'), dataIndex: 'name', ellipsis: true },
                {
                  title: t('companies.rights.right'),
                  key: 'right',
                  width: 230,
                  render: (_: unknown, register) => (
                    <Segmented<RightChoice>
                      size="small"
                      className="rights-editor__choice"
                      value={rightOf(value, type.id, register.number)}
                      options={choices(register)}
                      onChange={(choice) => change(withRight(value, type.id, register.number, choice))}
                    />
                  ),
                },
              ]}
            />
          </>
        ),
      }))}
    />
  );
}
