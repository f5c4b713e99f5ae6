import { ColumnHeightOutlined } from '@ant-design/icons';
import { SIZES, type Size } from '@cloudbox/domain';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';

export default function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((key) => ({ key, label: <span data-size={key}>{t(`size.${key}`)}</span> })),
        onClick: ({ key }) => {
          setSize(key as Size);
          void message.success(t('feedback.switchSizeSuccess'));
        },
      }}
    >
      <Button type="text" className="size-select" aria-label={t('navbar.size')} icon={<ColumnHeightOutlined />} />
    </Dropdown>
  );
}
