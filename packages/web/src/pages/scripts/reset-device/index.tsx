import { useSearchParams } from 'react-router';
import JobRun from '../../../components/JobRun';
import { ResetDetail } from './ActionTag';
import OrderCard from './OrderCard';
import ResetListCard from './ResetListCard';
import { useResetList } from './useResetList';
import './index.css';

export { ACTION_KEYS } from './actions';

/**
 * Reset device (/scripts/reset-device, root): reboot one box or every registered box of a box id
 * range, or reset its configuration, over MQTT, after a confirmation. The order runs as a job
 * (JobRun: an item per box, ok when acknowledged, queued while the box is offline); the list
 * below follows every reset's delivery (queued, sent, acked, failed), live. The inactive check
 * sends its selected rows here (`?job=`).
 */
export default function ResetDevice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = Number(searchParams.get('job')) || undefined;
  const list = useResetList();

  return (
    <div className="app-page reset-device">
      <OrderCard onStarted={(started) => setSearchParams({ job: String(started) })} />
      {jobId !== undefined && (
        <JobRun key={jobId} jobId={jobId} renderDetail={(item) => <ResetDetail detail={item.detail} />} onEnded={() => void list.resets.refetch()} />
      )}
      <ResetListCard list={list} />
    </div>
  );
}
