import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getInactiveScan, startInactiveScan } from '../../../api/inactiveBoxes';
import { useJob } from '../../../components/JobRun';
import { useChange } from '../../../utils/use-change';
import ResultsCard from './ResultsCard';
import ScanCard, { type ScanForm } from './ScanCard';
import { useResetSelected } from './useResetSelected';
import './index.css';

/**
 * Check inactive (/scripts/check-inactive, root): the boxes silent for N days or never seen, of one
 * CK or all. The check runs as a job (`?job=` keeps its result on reload); its boxes show in a
 * sortable, searchable table with a chart of how long they have been silent, export to xlsx, and
 * the chosen rows can be rebooted or have their configuration reset (reset-device follows them).
 */
export default function CheckInactive() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = Number(searchParams.get('job')) || undefined;
  const job = useJob(jobId);
  const done = job.data?.state === 'done';
  const scan = useQuery({ queryKey: ['inactive-scans', jobId], queryFn: () => getInactiveScan(jobId!), enabled: jobId !== undefined && done });
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const change = useChange([['inactive-scans'], ['box-resets']]);
  const reset = useResetSelected(selected, change);

  async function run(values: ScanForm) {
    const answer = await change(() => startInactiveScan({ days: values.days, ck: values.ck?.trim() || null }));
    if (!answer) return;
    setSelected([]);
    setKeyword('');
    setSearchParams({ job: String(answer.data.job_id) });
  }

  return (
    <div className="app-page check-inactive">
      <ScanCard job={job.data} onRun={(values) => void run(values)} />
      {jobId === undefined && (
        <Card variant="borderless">
          <Empty description={t('inactiveBoxes.empty')} />
        </Card>
      )}
      {scan.data && <ResultsCard scan={scan.data} keyword={keyword} onKeyword={setKeyword} selected={selected} onSelect={setSelected} onReset={reset} />}
    </div>
  );
}
