import {
  AlertOutlined,
  ClusterOutlined,
  CodeOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileTextOutlined,
  FormOutlined,
  FundOutlined,
  HddOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LockOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PlusOutlined,
  QrcodeOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** `meta.icon` names of the route table → antd icons; the only place the two vocabularies meet. */
export const ROUTE_ICONS: Readonly<Record<string, ComponentType<{ 'aria-hidden'?: boolean }>>> = {
  alert: AlertOutlined,
  cluster: ClusterOutlined,
  code: CodeOutlined,
  'credit-card': CreditCardOutlined,
  dashboard: DashboardOutlined,
  delete: DeleteOutlined,
  environment: EnvironmentOutlined,
  export: ExportOutlined,
  'file-text': FileTextOutlined,
  form: FormOutlined,
  fund: FundOutlined,
  hdd: HddOutlined,
  idcard: IdcardOutlined,
  'line-chart': LineChartOutlined,
  lock: LockOutlined,
  message: MessageOutlined,
  monitor: MonitorOutlined,
  notification: NotificationOutlined,
  plus: PlusOutlined,
  qrcode: QrcodeOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  thunderbolt: ThunderboltOutlined,
  tool: ToolOutlined,
  usergroup: UsergroupAddOutlined,
  user: UserOutlined,
};

/** A route's icon, beside its title: decoration, hidden from screen readers (the title names the entry). */
export function RouteIcon({ name }: { name: string | undefined }) {
  const Icon = name ? ROUTE_ICONS[name] : undefined;
  return Icon ? <Icon aria-hidden /> : null;
}
