import { formatMessage, type ProtocolRow } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/boxRegistry';
import { getProtocol, saveProtocol } from '../../../api/deviceTypes';
import { useAppStore } from '../../../stores/app';
import { RequestError } from '../../../utils/request';
import { BadTypeRoute, useTypeRoute } from '../type-config/shared';
import Notices from './Notices';
import ProtocolTable from './ProtocolTable';
import RowDrawer from './RowDrawer';
import SaveDialog from './SaveDialog';
import Toolbar from './Toolbar';
import Versions from './Versions';
import '../type-config/index.css';

/** What a refused save says, a line each: a row's problem names its register. */
function problemTexts(t: TFunction, error: unknown, rows: ProtocolRow[]): string[] {
  const errors = fieldErrorsOf(error);
  if (errors.length === 0) return [error instanceof RequestError ? error.message : String(error)];
  return errors.map((problem) => {
    const index = /^rows\.(\d+)/.exec(problem.field)?.[1];
    const register = index === undefined ? undefined : rows[Number(index)]?.number;
    return register === undefined ? problem.message : `${t('deviceTypes.protocol.register', { number: register })}: ${problem.message}`;
  });
}

/**
 * A type's register protocol in one language (`type-config/protocol/:id/:alias/:language`): the
 * table of the current version or of an older one, its versions, the xlsx export; edited in
 * place (a drawer per register, registers added or removed) and saved as a new version with a note.
 */
export default function TypeConfigProtocol() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const viewer = useAppStore((state) => state.language);
  const { number, language, alias, valid } = useTypeRoute();
  const [version, setVersion] = useState<number | undefined>();
  const [draft, setDraft] = useState<ProtocolRow[] | null>(null);
  const [editing, setEditing] = useState<{ index: number; row: ProtocolRow | null } | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const protocol = useQuery({
    queryKey: ['device-types', 'protocol', number, language, version],
    queryFn: () => getProtocol(number, language, version),
    enabled: valid,
  });
  if (!valid) return <BadTypeRoute />;

  const view = protocol.data;
  const rows = draft ?? view?.rows ?? [];
  const shown = view?.version ?? 0;
  const old = view !== undefined && view.version !== view.current_version;

  const startEditing = () => {
    setDraft(view?.rows ?? []);
    setProblems([]);
  };
  const stopEditing = () => {
    setDraft(null);
    setProblems([]);
  };
  const applyRow = (row: ProtocolRow) => {
    if (!editing) return;
    setDraft((current) => {
      const next = [...(current ?? [])];
      if (editing.index < 0) next.push(row);
      else next[editing.index] = row;
      return next;
    });
    setEditing(undefined);
  };

  const save = async () => {
    try {
      const saved = await saveProtocol(number, { language, note: note.trim(), rows });
      void message.success(formatMessage(viewer, 'protocolSaved', { version: saved.version }));
      setConfirming(false);
      setNote('');
      stopEditing();
      setVersion(undefined);
      await queryClient.invalidateQueries({ queryKey: ['device-types'] });
    } catch (error) {
      setConfirming(false);
      setProblems(problemTexts(t, error, rows));
    }
  };

  const title = view ? `${view.device_type.name} · ${alias} · ${t(`deviceTypes.languages.${language}`)}` : '';
  return (
    <div className="app-page type-config-page type-config-protocol">
      <Card
        variant="borderless"
        title={<span className="protocol__title">{title}</span>}
        extra={
          view && (
            <Tag color={old ? 'orange' : 'blue'} className="protocol__version">
              v{shown}
            </Tag>
          )
        }
      >
        <Toolbar
          number={number}
          language={language}
          alias={alias}
          view={view}
          old={old}
          editing={draft !== null}
          rows={rows.length}
          onEdit={startEditing}
          onStopEditing={stopEditing}
          onAdd={() => setEditing({ index: -1, row: null })}
          onSave={() => setConfirming(true)}
        />
        <Notices
          old={old}
          shown={shown}
          current={view?.current_version ?? 0}
          editing={draft !== null}
          problems={problems}
          onCurrent={() => setVersion(undefined)}
        />
        <ProtocolTable
          rows={rows}
          viewer={viewer}
          loading={protocol.isFetching}
          editing={draft !== null}
          onEdit={(index, row) => setEditing({ index, row })}
          onDelete={(index) => setDraft((current) => (current ?? []).filter((_, position) => position !== index))}
        />
      </Card>
      {view && <Versions versions={view.versions} shown={shown} onShow={(picked) => setVersion(picked === view.current_version ? undefined : picked)} />}
      <RowDrawer row={editing?.row ?? (editing ? null : undefined)} viewer={viewer} onSave={applyRow} onClose={() => setEditing(undefined)} />
      <SaveDialog
        open={confirming}
        version={(view?.current_version ?? 0) + 1}
        count={rows.length}
        note={note}
        onNote={setNote}
        onSave={() => void save()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
