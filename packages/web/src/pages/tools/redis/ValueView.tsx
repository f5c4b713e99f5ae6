import type { RedisValue } from '@cloudbox/domain';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { jsonTokens, prettyJson } from './format';

type Shown = { text: string; truncated: boolean };

/** A member, field or value as the server sent it, marked when it was cut. */
function ShownText({ value }: { value: Shown }) {
  const { t } = useTranslation();
  return (
    <span className="redis-value__text">
      {value.text}
      {value.truncated && <Typography.Text type="secondary"> … {t('redisTool.value.cut')}</Typography.Text>}
    </span>
  );
}

/** A JSON text, indented, its keys, strings, numbers and literals in their colours. */
function JsonText({ text }: { text: string }) {
  return (
    <pre className="redis-value__pre redis-value__json">
      {jsonTokens(prettyJson(text)).map((token, index) =>
        token.kind === 'plain' ? (
          token.text
        ) : (
          <span key={index} className={`json-${token.kind}`}>
            {token.text}
          </span>
        ),
      )}
    </pre>
  );
}

/** A string value: JSON pretty-printed, other text as it is, bytes that are not text in hex. */
function StringValue({ value }: { value: Extract<RedisValue, { type: 'string' }> }) {
  const { t } = useTranslation();
  if (value.json) return <JsonText text={value.text} />;
  return (
    <>
      {value.encoding === 'hex' && <Typography.Text type="secondary">{t('redisTool.value.hex')}</Typography.Text>}
      <pre className={`redis-value__pre redis-value__${value.encoding}`}>{value.text}</pre>
    </>
  );
}

/** A small table of a collection's items; rows keyed by their place. */
function ItemTable<T extends object>({ rows, columns }: { rows: T[]; columns: TableColumnsType<T & { index: number }> }) {
  return (
    <Table<T & { index: number }>
      className="redis-value__table"
      size="small"
      pagination={false}
      rowKey="index"
      dataSource={rows.map((row, index) => ({ ...row, index }))}
      columns={columns}
    />
  );
}

/** A column showing one text of each row. */
function textColumn<T>(title: string, pick: (row: T) => Shown) {
  return { title, key: title, render: (_: unknown, row: T) => <ShownText value={pick(row)} /> };
}

/** The content of a key, read for people, by its type. */
export default function ValueView({ value }: { value: RedisValue }) {
  const { t } = useTranslation();
  const indexColumn = { title: t('redisTool.value.index'), dataIndex: 'index', width: 70 };
  switch (value.type) {
    case 'string':
      return <StringValue value={value} />;
    case 'hash':
      return (
        <ItemTable
          rows={value.fields}
          columns={[
            textColumn(t('redisTool.value.field'), (row: { field: Shown }) => row.field),
            textColumn(t('redisTool.value.value'), (row: { value: Shown }) => row.value),
          ]}
        />
      );
    case 'list':
      return (
        <ItemTable
          rows={value.items.map((item) => ({ item }))}
          columns={[indexColumn, textColumn(t('redisTool.value.value'), (row: { item: Shown }) => row.item)]}
        />
      );
    case 'set':
      return (
        <ItemTable
          rows={value.members.map((member) => ({ member }))}
          columns={[textColumn(t('redisTool.value.member'), (row: { member: Shown }) => row.member)]}
        />
      );
    case 'zset':
      return (
        <ItemTable
          rows={value.members}
          columns={[
            textColumn(t('redisTool.value.member'), (row: { member: Shown }) => row.member),
            { title: t('redisTool.value.score'), dataIndex: 'score', width: 120 },
          ]}
        />
      );
    case 'stream':
      return (
        <ItemTable
          rows={value.entries}
          columns={[
            { title: t('redisTool.value.id'), dataIndex: 'id', width: 170 },
            {
              title: t('redisTool.value.fields'),
              key: 'fields',
              render: (_, entry) =>
                entry.fields.map((pair, index) => (
                  <div key={index}>
                    <Typography.Text strong>{pair.field.text}</Typography.Text> = <ShownText value={pair.value} />
                  </div>
                )),
            },
          ]}
        />
      );
    default:
      return <Empty description={t('redisTool.value.otherType')} />;
  }
}
