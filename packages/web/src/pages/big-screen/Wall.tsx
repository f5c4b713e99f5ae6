import { formatDateTime } from '@cloudbox/domain';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './wall.css';

/** The clock of the wall, to the second. */
function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="wall__clock">{formatDateTime(now)}</span>;
}

/** A dark full-screen wall with a title bar, a clock and a fullscreen toggle (the big screen and its map). */
export default function Wall({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const track = () => setFull(document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', track);
    return () => document.removeEventListener('fullscreenchange', track);
  }, []);
  return (
    <div ref={element} className={['wall', className].filter(Boolean).join(' ')}>
      <header className="wall__header">
        <Clock />
        <h1 className="wall__title">{title}</h1>
        <Tooltip title={t(full ? 'navbar.exitFullscreen' : 'navbar.fullscreen')}>
          <Button
            type="text"
            className="wall__fullscreen"
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={t(full ? 'navbar.exitFullscreen' : 'navbar.fullscreen')}
            onClick={() => void (full ? document.exitFullscreen() : element.current?.requestFullscreen())}
          />
        </Tooltip>
      </header>
      {children}
    </div>
  );
}

export function Panel({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={['wall-panel', className].filter(Boolean).join(' ')}>
      <h2 className="wall-panel__title">{title}</h2>
      <div className="wall-panel__body">{children}</div>
    </section>
  );
}
