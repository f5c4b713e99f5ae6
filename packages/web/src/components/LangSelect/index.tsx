import { TranslationOutlined } from '@ant-design/icons';
import { isLanguage, LANGUAGES } from '@cloudbox/domain';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import { useAppStore } from '../../stores/app';
import { usePopupOnDemand } from '../../utils/popup-on-demand';
import { switchLanguage } from '../../utils/switch-language';

/** The console's language select (utils/switch-language.ts). */
export default function LangSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);

  async function choose(key: string) {
    if (!isLanguage(key) || key === language) return;
    await switchLanguage(key, (text) => message.success(text, 0.8));
  }

  const { made, ref, wake, popup } = usePopupOnDemand<HTMLButtonElement>();
  const button = (
    <Button ref={ref} type="text" className="lang-select" aria-label={t('navbar.language')} icon={<TranslationOutlined />} {...wake}>
      {showLabel ? LOCALES[language].label : null}
    </Button>
  );
  if (!made) return button;
  return (
    <Dropdown
      trigger={['click']}
      {...popup}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((key) => ({ key, label: <span data-language={key}>{LOCALES[key].label}</span> })),
        onClick: ({ key }) => void choose(key),
      }}
    >
      {button}
    </Dropdown>
  );
}
