import { LANGUAGES, type Language } from '@cloudbox/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import { useAppStore } from '../../stores/app';
import { lightToast } from '../../utils/light-toast';
import { switchLanguage } from '../../utils/switch-language';
import { TranslationIcon } from './icons';

/** The log-in page's language select: the console's (components/LangSelect) without antd. */
export default function LanguageMenu() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  function choose(key: Language) {
    setOpen(false);
    if (key !== language) void switchLanguage(key, (text) => lightToast('success', text, 0.8));
  }

  return (
    <div className="language-menu" ref={root}>
      <button type="button" className="lang-select" aria-label={t('navbar.language')} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <TranslationIcon />
        <span>{LOCALES[language].label}</span>
      </button>
      {open && (
        <ul className="language-menu__list" role="menu">
          {LANGUAGES.map((key) => (
            <li key={key} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={key === language}
                className="language-menu__item"
                data-language={key}
                onClick={() => choose(key)}
              >
                {LOCALES[key].label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
