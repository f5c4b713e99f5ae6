import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { logError } from '../../utils/error-log';
import './index.css';

/** Plain markup rather than antd: this sits in the entry chunk, which loads no antd (the log-in page does without). */
function CrashNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="crash-notice" role="alert">
      <svg className="crash-notice__icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <p className="crash-notice__title">{t('errorPage.viewCrashed')}</p>
      <button type="button" className="plain-button" onClick={onRetry}>
        {t('errorPage.reload')}
      </button>
    </div>
  );
}

interface BoundaryState {
  failed: boolean;
}

/** Keeps a crashing screen inside its own tab and records the error in the error log. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, `React error boundary${info.componentStack ?? ''}`);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashNotice onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

/** What the router shows when a route cannot load (e.g. a chunk of an older deployment). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => logError(error, 'router'), [error]);
  return <CrashNotice onRetry={() => window.location.reload()} />;
}
