import { ClearOutlined, LinkOutlined, PauseOutlined, CaretRightOutlined, DisconnectOutlined } from '@ant-design/icons';
import { formatDateTime, type BoxTapEvent } from '@cloudbox/domain';
import { Alert, Badge, Button, Card, Empty, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boxTapUrl } from '../../../api/loadTest';
import { formatBytes } from '../../../utils/download-core';
import { counted, MAX_EVENTS, prettyPayload, validBoxId, type ShownEvent, type TapCounters } from './events';
import './index.css';

type Connection = 'idle' | 'connecting' | 'open' | 'closed';
const CONNECTION_BADGES: Record<Connection, 'default' | 'processing' | 'success' | 'error'> = {
  idle: 'default',
  connecting: 'processing',
  open: 'success',
  closed: 'error',
};
const ZERO: TapCounters = { up: 0, down: 0, bytes: 0 };

/** One event: its time, direction or kind, topic and payload (pretty-printed JSON), size. */
function EventRow({ event }: { event: ShownEvent }) {
  const { t } = useTranslation();
  const time = 'at' in event ? formatDateTime(new Date(event.at)) : '';
  if (event.type === 'up' || event.type === 'down') {
    return (
      <div className="ws-demo__event" data-type={event.type} data-topic={event.topic}>
        <Space size="small" wrap>
          <Typography.Text type="secondary">{time}</Typography.Text>
          <Tag color={event.type === 'up' ? 'blue' : 'purple'}>{t(`scripts.wsDemo.${event.type}`)}</Tag>
          <Typography.Text code>{event.topic}</Typography.Text>
          <Typography.Text type="secondary">{t('scripts.wsDemo.size', { size: event.size })}</Typography.Text>
          {event.encoding === 'base64' && <Tag>{t('scripts.wsDemo.base64')}</Tag>}
        </Space>
        <pre className="ws-demo__payload">{event.encoding === 'utf8' ? prettyPayload(event.payload) : event.payload}</pre>
      </div>
    );
  }
  const text =
    event.type === 'connected'
      ? `${t('scripts.wsDemo.connected')}${event.source_ip ? ` (${event.source_ip})` : ''}`
      : event.type === 'disconnected'
        ? t('scripts.wsDemo.disconnected', { reason: event.reason })
        : event.type === 'status'
          ? t(event.online ? 'scripts.wsDemo.online' : 'scripts.wsDemo.offline')
          : t('scripts.wsDemo.skipped', { count: event.count });
  const color = event.type === 'status' ? (event.online ? 'green' : 'red') : event.type === 'skipped' ? 'orange' : 'default';
  return (
    <div className="ws-demo__event ws-demo__event--status" data-type={event.type}>
      <Space size="small">
        <Typography.Text type="secondary">{time}</Typography.Text>
        <Tag color={color}>{text}</Tag>
      </Space>
    </div>
  );
}

/**
 * `/scripts/ws-demo` (root): one box's raw events as this server instance hears and sends them
 * (WebSocket /api/v2/scripts/ws-demo/:boxId): connect, pause (events are counted, not shown),
 * clear; the newest event on top.
 */
export default function WsDemo() {
  const { t } = useTranslation();
  const [boxId, setBoxId] = useState('');
  const [connection, setConnection] = useState<Connection>('idle');
  const [refusal, setRefusal] = useState<string>();
  const [events, setEvents] = useState<ShownEvent[]>([]);
  const [counters, setCounters] = useState<TapCounters>(ZERO);
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(paused);
  const socket = useRef<WebSocket | null>(null);
  const next = useRef(0);

  const disconnect = () => {
    socket.current?.close();
    socket.current = null;
  };
  useEffect(() => disconnect, []);

  const connect = () => {
    disconnect();
    setRefusal(undefined);
    setConnection('connecting');
    const opened = new WebSocket(boxTapUrl(boxId.trim()));
    socket.current = opened;
    opened.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as BoxTapEvent;
      if (event.type === 'ready') return setConnection('open');
      if (event.type === 'error') return setRefusal(event.message);
      setCounters((current) => counted(current, event));
      if (pausedRef.current) return;
      next.current += 1;
      const shown = { ...event, n: next.current } as ShownEvent;
      setEvents((current) => [shown, ...current].slice(0, MAX_EVENTS));
    };
    opened.onclose = () => {
      if (socket.current === opened) socket.current = null;
      setConnection('closed');
    };
  };

  const idValid = validBoxId(boxId);
  const live = connection === 'open' || connection === 'connecting';
  return (
    <div className="app-page ws-demo">
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('scripts.wsDemo.intro')}</Typography.Paragraph>
        <div className="ws-demo__toolbar">
          <Input
            className="ws-demo__box"
            placeholder={t('scripts.wsDemo.boxId')}
            value={boxId}
            status={boxId && !idValid ? 'error' : undefined}
            onChange={(event) => setBoxId(event.target.value)}
            onPressEnter={() => idValid && connect()}
            disabled={live}
            allowClear
          />
          {live ? (
            <Button className="ws-demo__disconnect" icon={<DisconnectOutlined />} onClick={disconnect}>
              {t('scripts.wsDemo.disconnect')}
            </Button>
          ) : (
            <Button type="primary" className="ws-demo__connect" icon={<LinkOutlined />} disabled={!idValid} onClick={connect}>
              {t('scripts.wsDemo.connect')}
            </Button>
          )}
          <Button
            className="ws-demo__pause"
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={() => {
              pausedRef.current = !paused;
              setPaused(!paused);
            }}
          >
            {t(paused ? 'scripts.wsDemo.resume' : 'scripts.wsDemo.pause')}
          </Button>
          <Button
            className="ws-demo__clear"
            icon={<ClearOutlined />}
            onClick={() => {
              setEvents([]);
              setCounters(ZERO);
            }}
          >
            {t('scripts.wsDemo.clear')}
          </Button>
          <Badge className="ws-demo__state" data-state={connection} status={CONNECTION_BADGES[connection]} text={t(`scripts.wsDemo.states.${connection}`)} />
          <Typography.Text className="ws-demo__counters" type="secondary">
            {t('scripts.wsDemo.counters', { up: counters.up, down: counters.down, bytes: formatBytes(counters.bytes) })}
          </Typography.Text>
        </div>
        {boxId && !idValid && <Typography.Text type="danger">{t('scripts.wsDemo.boxIdInvalid')}</Typography.Text>}
        {refusal && <Alert className="ws-demo__refusal" type="error" showIcon message={refusal} />}
        {paused && <Alert className="ws-demo__paused" type="warning" showIcon message={t('scripts.wsDemo.paused')} />}
      </Card>
      <Card variant="borderless" className="ws-demo__list">
        {events.length === 0 ? <Empty description={t('scripts.wsDemo.empty')} /> : events.map((event) => <EventRow key={event.n} event={event} />)}
      </Card>
    </div>
  );
}
