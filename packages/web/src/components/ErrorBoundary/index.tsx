import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { logError } from '../../utils/error-log';
import './index.css';

/** Plain markup rather than antd's Result: this sits in the entry chunk, Result's artwork would not. */
function CrashNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="crash-notice" role="alert">
      <CloseCircleFilled className="crash-notice__icon" />
      <p className="crash-notice__title">{t('errorPage.viewCrashed')}</p>
      <Button type="primary" onClick={onRetry}>
        {t('errorPage.reload')}
      </Button>
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
