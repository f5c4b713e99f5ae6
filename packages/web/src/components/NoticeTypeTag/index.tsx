import { formatMessage, MESSAGE_TYPE_LABELS, type MessageType } from '@cloudbox/domain';
import { Tag } from 'antd';
import { currentLanguage } from '../../i18n';

/** A message type's colour: a recovery green, a fault red, an alert orange, both magenta, upkeep blue. */
export const MESSAGE_TYPE_COLORS: Record<MessageType, string> = {
  normal: 'green',
  fault: 'red',
  alert: 'orange',
  fault_alert: 'magenta',
  upkeep: 'blue',
};

export function messageTypeLabel(type: MessageType): string {
  return formatMessage(currentLanguage(), MESSAGE_TYPE_LABELS[type]);
}

/** A notification's message type as a coloured tag. */
export default function NoticeTypeTag({ type }: { type: MessageType }) {
  return (
    <Tag className="notice-type" color={MESSAGE_TYPE_COLORS[type]} data-type={type}>
      {messageTypeLabel(type)}
    </Tag>
  );
}
