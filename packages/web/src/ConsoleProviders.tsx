import type { Language, Size } from '@cloudbox/domain';
import { App as AntdApp, ConfigProvider, theme, type ConfigProviderProps } from 'antd';
import type { Locale } from 'antd/es/locale';
import antdEn from 'antd/locale/en_US';
import antdEs from 'antd/locale/es_ES';
import antdJa from 'antd/locale/ja_JP';
import antdZh from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
// antd's component styles, prebuilt (zeroRuntime below): no style generation at render time.
import 'antd/dist/antd.css';
import { useAppStore } from './stores/app';
import { useSettingsStore } from './stores/settings';
import { bindFeedback } from './utils/feedback';
import { usePrefersReducedMotion } from './utils/reduced-motion';

const ANTD_LOCALES: Record<Language, Locale> = { zh: antdZh, en: antdEn, es: antdEs, ja: antdJa };

/** The four sizes of SPEC.md section 2 on antd's three, with the compact algorithm for "mini". */
export function sizeConfig(size: Size): Pick<ConfigProviderProps, 'componentSize'> & { compact: boolean } {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'medium':
      return { componentSize: 'middle', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
  }
}

/** Messages and dialogs raised outside React go through antd's context-aware instances while these providers are mounted. */
function FeedbackBinder() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => bindFeedback({ message, modal }), [message, modal]);
  return null;
}

/**
 * antd's theme, size, locale and message/modal context for the signed-in console and the error
 * pages. The log-in page does without them (and without antd): its chunk stays small.
 */
export default function ConsoleProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  const size = useAppStore((state) => state.size);
  const colorPrimary = useSettingsStore((state) => state.theme);
  const { componentSize, compact } = sizeConfig(size);
  const reducedMotion = usePrefersReducedMotion();

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      componentSize={componentSize}
      theme={{
        token: { colorPrimary, borderRadius: 4, motion: !reducedMotion },
        algorithm: compact ? theme.compactAlgorithm : theme.defaultAlgorithm,
        zeroRuntime: true,
      }}
    >
      {/* A storm of notifications shows its newest three toasts; the inbox holds them all. */}
      <AntdApp notification={{ maxCount: 3 }}>
        <FeedbackBinder />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
