import { ColumnHeightOutlined } from '@ant-design/icons';
import { SIZES, type Size } from '@cloudbox/domain';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';
import { usePopupOnDemand } from '../../utils/popup-on-demand';

export default function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);
  const { made, ref, wake, popup } = usePopupOnDemand<HTMLButtonElement>();
  const button = <Button ref={ref} type="text" className="size-select" aria-label={t('navbar.size')} icon={<ColumnHeightOutlined />} {...wake} />;
  if (!made) return button;
  return (
    <Dropdown
      trigger={['click']}
      {...popup}
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
      {button}
    </Dropdown>
  );
}
