import HistoryTable from './HistoryTable';

export default function History() {
  return <HistoryTable variant="controller" />;
}
