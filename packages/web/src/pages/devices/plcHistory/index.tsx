import HistoryTable from '../history/HistoryTable';

export default function PlcHistory() {
  return <HistoryTable variant="plc" />;
}
