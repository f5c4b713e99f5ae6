import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** An older version is shown: `shown`, while `current` is the current one. */
  old: boolean;
  shown: number;
  current: number;
  /** The table is being edited. */
  editing: boolean;
  /** Why the last save was refused, a line each. */
  problems: string[];
  onCurrent(): void;
}

/** What is said above the protocol's table: an older version is shown, the table is being edited, a save was refused. */
export default function Notices({ old, shown, current, editing, problems, onCurrent }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {old && (
        <Alert
          type="warning"
          showIcon
          className="protocol__old"
          style={{ marginBottom: 12 }}
          message={t('deviceTypes.protocol.oldVersion', { version: shown, current })}
          action={
            <Button size="small" onClick={onCurrent}>
              {t('deviceTypes.protocol.current')}
            </Button>
          }
        />
      )}
      {editing && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('deviceTypes.protocol.editingHint')} />}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="protocol__problems"
          style={{ marginBottom: 12 }}
          message={t('deviceTypes.protocol.problems')}
          description={
            <ul className="protocol__problem-list">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}
