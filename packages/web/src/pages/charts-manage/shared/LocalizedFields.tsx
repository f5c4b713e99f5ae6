import { LANGUAGES, type Language, type LocalizedText } from '@cloudbox/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The four languages' inputs of a text (`name.zh`, `name.en`, ...); the first is required when `required`. */
export default function LocalizedFields({ name, label, required = false, extra }: { name: string; label: string; required?: boolean; extra?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} extra={extra ?? t('chartSettings.textHint')} required={required} className={`localized-${name}`}>
      {LANGUAGES.map((language, index) => (
        <Form.Item
          key={language}
          name={[name, language]}
          style={{ marginBottom: 6 }}
          rules={required && index === 0 ? [{ required: true, whitespace: true, message: t('chartSettings.required', { field: label }) }] : []}
        >
          <Input
            prefix={<span className="localized-fields__language">{t(`chartSettings.language.${language}`)}</span>}
            maxLength={60}
            className={`localized-${name}__${language}`}
          />
        </Form.Item>
      ))}
    </Form.Item>
  );
}

/** The texts typed: every language, the empty ones taking the first filled; null when none is. */
export function localizedOf(values: Partial<Record<Language, string | undefined>> | undefined): LocalizedText | null {
  const typed = LANGUAGES.map((language) => values?.[language]?.trim() ?? '');
  const first = typed.find((text) => text !== '');
  if (first === undefined) return null;
  return Object.fromEntries(LANGUAGES.map((language, index) => [language, typed[index] || first])) as LocalizedText;
}
