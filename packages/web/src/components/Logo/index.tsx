import { useSettingsStore } from '../../stores/settings';

/** The product mark: a cloud on the theme colour, as in the favicon. */
export default function Logo({ size = 32 }: { size?: number }) {
  const colorPrimary = useSettingsStore((state) => state.theme);
  return (
    <svg className="app-logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill={colorPrimary} />
      <path d="M10 21a5 5 0 0 1 .6-9.96A6.5 6.5 0 0 1 23 13a4 4 0 0 1-.5 8H10z" fill="#fff" />
    </svg>
  );
}
