import DeviceLive from '../live/DeviceLive';

export default function MaglevController() {
  return <DeviceLive variant="maglev" />;
}
