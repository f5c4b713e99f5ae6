import DeviceLive from '../live/DeviceLive';

export default function PlcController() {
  return <DeviceLive variant="plc" />;
}
