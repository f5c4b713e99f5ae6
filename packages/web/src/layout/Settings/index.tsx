import { CheckOutlined } from '@ant-design/icons';
import { THEME_COLORS } from '@cloudbox/domain';
import { Divider, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore, type Settings } from '../../stores/settings';
import './index.css';

const SWITCHES: readonly (keyof Omit<Settings, 'theme'>)[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];

/** The settings panel of SPEC.md section 2; choices persist in localStorage. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettingsStore();

  return (
    <Drawer className="settings-drawer" title={t('settings.title')} open={open} onClose={onClose} size={300}>
      <div className="settings-drawer__label">{t('settings.theme')}</div>
      <div className="settings-drawer__colors" role="radiogroup" aria-label={t('settings.theme')}>
        {THEME_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={settings.theme === color}
            aria-label={color}
            data-color={color}
            className="settings-drawer__color"
            style={{ background: color }}
            onClick={() => settings.change('theme', color)}
          >
            {settings.theme === color && <CheckOutlined />}
          </button>
        ))}
      </div>
      <Divider />
      {SWITCHES.map((key) => (
        <div key={key} className="settings-drawer__item">
          <span>{t(`settings.${key}`)}</span>
          <Switch className={`settings-switch-${key}`} checked={settings[key]} onChange={(checked) => settings.change(key, checked)} />
        </div>
      ))}
    </Drawer>
  );
}
