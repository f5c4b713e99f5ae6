import type { Size } from '@cloudbox/domain';
import { App as AntdApp, ConfigProvider, theme, type ConfigProviderProps } from 'antd';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { LOCALES } from './i18n';
import { router } from './router';
import { useAppStore } from './stores/app';
import { useSettingsStore } from './stores/settings';
import { bindFeedback } from './utils/feedback';
import { usePrefersReducedMotion } from './utils/reduced-motion';

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

function FeedbackBinder() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => bindFeedback({ message, modal }), [message, modal]);
  return null;
}

export default function App() {
  const language = useAppStore((state) => state.language);
  const size = useAppStore((state) => state.size);
  const colorPrimary = useSettingsStore((state) => state.theme);
  const { componentSize, compact } = sizeConfig(size);
  const reducedMotion = usePrefersReducedMotion();

  return (
    <ConfigProvider
      locale={LOCALES[language].antd}
      componentSize={componentSize}
      theme={{ token: { colorPrimary, borderRadius: 4, motion: !reducedMotion }, algorithm: compact ? theme.compactAlgorithm : theme.defaultAlgorithm }}
    >
      {/* A storm of notifications shows its newest three toasts; the inbox holds them all. */}
      <AntdApp notification={{ maxCount: 3 }}>
        <FeedbackBinder />
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}
