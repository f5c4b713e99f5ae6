import { INACTIVE_MAX_BOXES, type BoxResetAction, type InactiveScanResult } from '@cloudbox/domain';
import { Button, Card, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { XlsxExport } from '../../../components/ExportButton';
import InactiveTable from './InactiveTable';
import { searchBoxes, silenceBars } from './results';

const SilenceChart = lazy(() => import('./SilenceChart'));

interface ResultsCardProps {
  scan: InactiveScanResult;
  keyword: string;
  onKeyword: (keyword: string) => void;
  selected: string[];
  onSelect: (boxIds: string[]) => void;
  onReset: (action: BoxResetAction) => void;
}

/** A finished check's boxes: how long they have been silent (a chart), search, export, and reset of the chosen rows. */
export default function ResultsCard({ scan, keyword, onKeyword, selected, onSelect, onReset }: ResultsCardProps) {
  const { t } = useTranslation();
  const { boxes } = scan;
  const rows = useMemo(() => searchBoxes(boxes, keyword), [boxes, keyword]);
  const bars = useMemo(() => silenceBars(boxes), [boxes]);

  return (
    <Card
      variant="borderless"
      className="check-inactive__results"
      title={<span className="check-inactive__found">{t('inactiveBoxes.found', { count: boxes.length })}</span>}
    >
      {boxes.length >= INACTIVE_MAX_BOXES && (
        <Typography.Paragraph type="warning">{t('inactiveBoxes.truncated', { count: INACTIVE_MAX_BOXES })}</Typography.Paragraph>
      )}
      <Typography.Text type="secondary">{t('inactiveBoxes.chartTitle')}</Typography.Text>
      <Suspense fallback={<div className="check-inactive__chart" />}>
        <SilenceChart bars={bars} />
      </Suspense>
      <Space wrap className="check-inactive__toolbar">
        <Input.Search
          allowClear
          className="check-inactive__search"
          placeholder={t('inactiveBoxes.keyword')}
          value={keyword}
          onChange={(event) => onKeyword(event.target.value)}
        />
        <XlsxExport
          className="check-inactive__export"
          disabled={boxes.length === 0}
          path={`/inactive-scans/${scan.job_id}/export`}
          query={{}}
          file={`inactive-boxes-${scan.job_id}.xlsx`}
        />
        <Typography.Text className="check-inactive__selected">{t('inactiveBoxes.selected', { count: selected.length })}</Typography.Text>
        <Button className="check-inactive__reboot" disabled={selected.length === 0} onClick={() => onReset('reboot')}>
          {t('inactiveBoxes.reboot')}
        </Button>
        <Button className="check-inactive__reset-config" danger disabled={selected.length === 0} onClick={() => onReset('reset_config')}>
          {t('inactiveBoxes.resetConfig')}
        </Button>
      </Space>
      <InactiveTable rows={rows} selected={selected} onSelect={onSelect} />
    </Card>
  );
}
