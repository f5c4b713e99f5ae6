import DeviceLive from '../live/DeviceLive';

export default function Controller() {
  return <DeviceLive variant="controller" />;
}
