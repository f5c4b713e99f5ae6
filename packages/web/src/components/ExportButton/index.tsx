import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, type StreamedProgress } from '../../utils/download';
import { formatBytes } from '../../utils/download-core';
import type { QueryValue } from '../../utils/request-core';
import { feedback } from '../../utils/feedback';

export interface ExportReport {
  /** 0-100, or null while the size is unknown. */
  percent: number | null;
  /** What is happening: rows fetched, bytes received. */
  detail: string;
}

interface ExportButtonProps {
  children: ReactNode;
  /** Does the export, reporting as it goes; resolves the saved file's name. */
  run: (report: (progress: ExportReport) => void, signal: AbortSignal) => Promise<string>;
  disabled?: boolean;
  className?: string;
}

type State = { kind: 'idle' } | { kind: 'running'; progress: ExportReport };

/**
 * A streamed server export's report: the rows the file will hold and the bytes so far. A zipped
 * stream says nothing of which row it is at, so the bar stays indeterminate rather than guess.
 */
export function streamedReport(progress: StreamedProgress, translate: (key: string, values: Record<string, unknown>) => string): ExportReport {
  return { percent: progress.percent, detail: translate('export.received', { size: formatBytes(progress.loaded), rows: progress.rows ?? '—' }) };
}

/** A button that runs a long export in a dialog with a progress bar and a cancel button. */
export default function ExportButton({ children, run, disabled, className }: ExportButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', progress: { percent: 0, detail: t('export.preparing') } });
    try {
      const file = await run((progress) => {
        if (!controller.signal.aborted) setState({ kind: 'running', progress });
      }, controller.signal);
      void feedback.message.success(t('export.done', { file }));
    } catch (error) {
      if (!controller.signal.aborted && !(error instanceof Error && error.name === 'RequestError')) {
        void feedback.message.error(t('export.failed'));
      }
    } finally {
      abort.current = null;
      setState({ kind: 'idle' });
    }
  }

  const running = state.kind === 'running';
  return (
    <>
      <Button
        className={['export-button', className].filter(Boolean).join(' ')}
        icon={<DownloadOutlined />}
        loading={running}
        disabled={disabled}
        onClick={() => void start()}
      >
        {children}
      </Button>
      <Modal
        open={running}
        title={t('export.title')}
        className="export-progress"
        closable={false}
        mask={{ closable: false }}
        footer={<Button onClick={() => abort.current?.abort()}>{t('export.cancel')}</Button>}
      >
        {running && (
          <div data-percent={state.progress.percent ?? ''}>
            <Progress percent={state.progress.percent ?? 100} status="active" showInfo={state.progress.percent !== null} />
            <Typography.Text type="secondary" className="export-progress__detail">
              {state.progress.detail}
            </Typography.Text>
          </div>
        )}
      </Modal>
    </>
  );
}

/** The xlsx export of a server-paged list: `path` streams what `query` filters (or, for a POST export, what `body` asks), saved as `file`. */
export function XlsxExport({
  path,
  query,
  body,
  file,
  disabled,
  className,
}: {
  path: string;
  query: Readonly<Record<string, QueryValue>>;
  body?: object;
  file: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ExportButton
      className={className}
      disabled={disabled}
      run={(report, signal) => downloadFile(path, query, file, (progress) => report(streamedReport(progress, t)), signal, body)}
    >
      {t('export.xlsx')}
    </ExportButton>
  );
}
