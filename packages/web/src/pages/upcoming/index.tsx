import { ClockCircleOutlined } from '@ant-design/icons';
import { matchRoute } from '@cloudbox/domain';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useView } from '../../router/view-context';

/** The honest state of a screen that a later release builds: its title and nothing pretended. */
export default function Upcoming() {
  const { t } = useTranslation();
  const { path } = useView();
  const title = matchRoute(path)?.route.meta?.title;
  return (
    <div className="app-page upcoming-screen">
      <Result icon={<ClockCircleOutlined />} title={title ? t(`route.${title}`) : undefined} subTitle={t('placeholder.comingSoon')} />
    </div>
  );
}
