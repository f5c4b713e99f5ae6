import { Card } from 'antd';
import CalculateForm from '../shared/CalculateForm';
import RecentCalculations from '../shared/RecentCalculations';
import '../shared/qr-manage.css';

/**
 * /qrManage/calculate-dynamic-pwd (root, limited_admin, manufacturer: unlimited): the password of a
 * controller at the hint code it shows, and the caller's recent calculations.
 */
export default function CalculateDynamicPwd() {
  return (
    <div className="app-page calculate-dynamic-pwd">
      <Card variant="borderless">
        <CalculateForm />
        <RecentCalculations />
      </Card>
    </div>
  );
}
