import { DownloadOutlined, EditOutlined, PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import type { Language, ProtocolView } from '@cloudbox/domain';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { protocolExportPath } from '../../../api/deviceTypes';
import { downloadFile } from '../../../utils/download';
import { LANGUAGES, routes } from '../type-config/shared';

interface Props {
  number: string;
  language: Language;
  alias: string;
  view: ProtocolView | undefined;
  /** An older version is shown: it can be viewed, not edited. */
  old: boolean;
  /** The table is being edited (a draft exists). */
  editing: boolean;
  /** How many rows the draft has: none, nothing to save. */
  rows: number;
  onEdit(): void;
  onStopEditing(): void;
  onAdd(): void;
  onSave(): void;
}

/**
 * The protocol's toolbar: the language switch, then either the editing actions (add a register,
 * cancel, save) or the viewing ones (edit, upload a sheet, export the xlsx).
 */
export default function Toolbar({ number, language, alias, view, old, editing, rows, onEdit, onStopEditing, onAdd, onSave }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="type-config-page__toolbar">
      <Segmented
        className="protocol__language"
        value={language}
        options={LANGUAGES.map((code) => ({ value: code, label: t(`deviceTypes.languages.${code}`) }))}
        onChange={(code) => {
          onStopEditing();
          void navigate(routes.protocol(number, code, alias));
        }}
      />
      <span className="type-config-page__spacer" />
      {editing ? (
        <>
          <Button icon={<PlusOutlined />} className="protocol__add" onClick={onAdd}>
            {t('deviceTypes.protocol.addRow')}
          </Button>
          <Button onClick={onStopEditing}>{t('deviceTypes.edit.cancel')}</Button>
          <Button type="primary" icon={<SaveOutlined />} className="protocol__save" disabled={rows === 0} onClick={onSave}>
            {t('deviceTypes.protocol.save')}
          </Button>
        </>
      ) : (
        <>
          <Button type="primary" icon={<EditOutlined />} className="protocol__edit" disabled={!view || old} onClick={onEdit}>
            {t('deviceTypes.protocol.edit')}
          </Button>
          <Link to={routes.upload(number, language)}>
            <Button icon={<UploadOutlined />} className="protocol__upload">
              {t('deviceTypes.list.upload')}
            </Button>
          </Link>
          <Button
            icon={<DownloadOutlined />}
            className="protocol__export"
            disabled={!view || view.rows.length === 0}
            onClick={() => void downloadFile(protocolExportPath(number), { language }, `protocol-${number}-${language}.xlsx`, () => {})}
          >
            {t('deviceTypes.protocol.export')}
          </Button>
        </>
      )}
    </div>
  );
}
