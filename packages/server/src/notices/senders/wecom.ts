import { markdown, type MessageContext, type Outgoing } from './message.js';
import { postJson, robotAnswer } from './http.js';

/** A WeCom group robot's markdown message (the robot's URL carries its key; nothing is signed). */
export async function sendWecom(outgoing: Outgoing, context: MessageContext): Promise<void> {
  const body = JSON.stringify({ msgtype: 'markdown', markdown: { content: markdown(outgoing.event, outgoing.language, context) } });
  robotAnswer(await postJson(outgoing.delivery.recipient, body, {}, outgoing.signal));
}
