import type { BoxCkMove } from '@cloudbox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCkMoves, moveBoxesToCk } from '../../../api/boxProperties';
import BoxPropertyTable from '../shared/BoxPropertyTable';
import { boxLink, boxRow, PAGE_SIZE, serverPaging, timeText } from '../shared/tables';

const CK_CODE = /^\d{4}$/;

/**
 * box-ck (root): moves the chosen boxes to another company after a confirmation that says what
 * ends with the move (owner, shares, switch grants, sales channel), and the history of moves.
 */
export default function BoxCk() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState('');

  function confirmMove(selected: string[], clear: () => void) {
    modal.confirm({
      title: t('boxProperties.moveConfirm', { count: selected.length, ck: target }),
      content: t('boxProperties.moveEnds'),
      okButtonProps: { danger: true, className: 'box-ck__confirm' },
      onOk: async () => {
        try {
          const { count } = await moveBoxesToCk(selected, target);
          void message.success(t('boxProperties.moved', { count, ck: target }));
          clear();
          await queryClient.invalidateQueries();
        } catch {
          // The request layer showed the server's message.
        }
      },
    });
  }

  return (
    <div className="app-page smartbox-page box-ck">
      <Card variant="borderless" title={t('route.boxCk')}>
        <BoxPropertyTable
          className="box-ck-table"
          selectable
          scrollX={800}
          columns={[
            { title: t('boxProperties.company'), dataIndex: 'ck_name', width: 140, ellipsis: true },
            { title: t('boxProperties.field.owner_unit'), dataIndex: 'owner_unit', width: 160, ellipsis: true },
            { title: t('boxProperties.owner'), dataIndex: 'owner', width: 120, render: (owner: string | null) => owner ?? '—' },
          ]}
          toolbar={(selected, clear) => (
            <>
              <Input
                className="box-ck__target"
                maxLength={4}
                style={{ width: 140 }}
                placeholder={t('boxProperties.targetCk')}
                value={target}
                onChange={(event) => setTarget(event.target.value.trim())}
              />
              <Button
                type="primary"
                className="box-ck__move"
                disabled={selected.length === 0 || !CK_CODE.test(target)}
                onClick={() => confirmMove(selected, clear)}
              >
                {t('boxProperties.move')}
              </Button>
            </>
          )}
        />
      </Card>
      <MoveHistory />
    </div>
  );
}

/** The moves of boxes between companies, newest first, searched by box id or CK code. */
function MoveHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState<string | undefined>();
  const params = { keyword, page, page_size: PAGE_SIZE };
  const moves = useQuery({ queryKey: ['box-properties', 'ck-moves', params], queryFn: () => listCkMoves(params), placeholderData: keepPreviousData });
  return (
    <Card variant="borderless" title={t('boxProperties.history')} className="box-ck-history">
      <div className="smartbox-toolbar">
        <Input.Search
          className="smartbox-toolbar__search box-ck-history__search"
          allowClear
          placeholder={t('boxProperties.historySearch')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPage(1);
          }}
        />
      </div>
      <Table<BoxCkMove>
        rowKey="id"
        size="small"
        loading={moves.isFetching}
        dataSource={moves.data?.items ?? []}
        onRow={(move) => boxRow(move.box_id)}
        columns={[
          { title: t('boxProperties.boxId'), dataIndex: 'box_id', width: 120, render: boxLink },
          { title: t('boxProperties.fromCk'), dataIndex: 'from_ck', width: 90 },
          { title: t('boxProperties.toCk'), dataIndex: 'to_ck', width: 90 },
          { title: t('boxProperties.movedBy'), dataIndex: 'moved_by', width: 120, render: (user: string | null) => user ?? '—' },
          { title: t('boxProperties.time'), dataIndex: 'created_at', width: 160, render: timeText },
        ]}
        pagination={serverPaging({ page: page }, moves.data?.total, setPage, t)}
        scroll={{ x: 580 }}
      />
    </Card>
  );
}
