import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeAnnouncement, signInAnnouncements } from '../api/announcements';
import AnnouncementBody from '../pages/notice/announcement-shared/AnnouncementBody';
import { useUserStore } from '../stores/user';

/**
 * The super-top announcements the user receives and has not acknowledged, one at a time in a
 * modal, once the console has the user's info (after a sign-in, and on a reload while some are
 * unacknowledged). "I have read it" acknowledges one: it never shows again for this user.
 * Loaded lazily by the layout, so the log-in page does not carry it. Its query key is outside
 * `announcements`, so that root's changes, which reload those, do not ask again mid-session.
 */
export default function SignInAnnouncements() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useUserStore((state) => state.user?.id);
  const [busy, setBusy] = useState(false);
  const pending = useQuery({
    queryKey: ['sign-in-announcements', userId],
    queryFn: signInAnnouncements,
    enabled: userId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [current, ...rest] = pending.data ?? [];

  async function acknowledge() {
    if (!current) return;
    setBusy(true);
    try {
      await acknowledgeAnnouncement(current.id);
      queryClient.setQueryData(['sign-in-announcements', userId], rest);
      void queryClient.invalidateQueries({ queryKey: ['announcements', 'received'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      className="sign-in-announcement"
      open={current !== undefined}
      title={current ? `${t('announcements.signIn.title')}: ${current.title}` : undefined}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={600}
      footer={[
        rest.length > 0 && (
          <Typography.Text key="remaining" type="secondary" style={{ marginRight: 12 }}>
            {t('announcements.signIn.remaining', { count: rest.length })}
          </Typography.Text>
        ),
        <Button key="ack" type="primary" loading={busy} className="sign-in-announcement__ack" onClick={() => void acknowledge().catch(() => undefined)}>
          {t('announcements.signIn.acknowledge')}
        </Button>,
      ]}
    >
      {current && <AnnouncementBody item={current} />}
    </Modal>
  );
}
