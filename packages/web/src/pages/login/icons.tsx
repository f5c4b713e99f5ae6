/** The few glyphs of the log-in page, inline: the page loads no icon library. Shapes after antd's outlined icons. */

const common = { width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': true, focusable: false } as const;

export function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" {...common}>
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0-1.8a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zM3.5 21.5h1.8a6.7 6.7 0 0 1 13.4 0h1.8a8.5 8.5 0 0 0-17 0z" />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" {...common}>
      <path d="M6 10V7a6 6 0 1 1 12 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1zm1.8 0h8.4V7a4.2 4.2 0 1 0-8.4 0zM5.8 11.8v8.4h12.4v-8.4zm5.3 2.2h1.8v4h-1.8z" />
    </svg>
  );
}

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" {...common}>
      <path d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 12.2c-3.9 0-6.9-3-8.4-5.2C5.1 9.8 8.1 6.8 12 6.8s6.9 3 8.4 5.2c-1.5 2.2-4.5 5.2-8.4 5.2zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zm0 5.2a1.7 1.7 0 1 1 0-3.4 1.7 1.7 0 0 1 0 3.4z" />
      {!open && <path d="M3.7 2.4 21.6 20.3l-1.3 1.3L2.4 3.7z" />}
    </svg>
  );
}

export function TranslationIcon() {
  return (
    <svg viewBox="0 0 24 24" {...common}>
      <path d="M4 3h9v1.8H9.6c-.4 2.3-1.3 4.3-2.6 5.9 1 .9 2.2 1.6 3.6 2.1l-.6 1.7a12 12 0 0 1-4.2-2.5A11.7 11.7 0 0 1 2.3 14l-.8-1.6a10 10 0 0 0 3.7-1.9A11 11 0 0 1 3.1 7h1.9a9 9 0 0 0 1.5 2.9 9.6 9.6 0 0 0 1.3-5.1H4zm12.3 6h2l4.4 12h-2l-1.1-3h-4.6l-1.1 3h-2zm1 2.6L15.6 16h3.4z" />
    </svg>
  );
}
