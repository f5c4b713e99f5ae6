import type { VirtualController } from './controller.js';

/**
 * The `up/data` message, `{ts, seq, controllers:[{station, values:{"<register>": raw}}]}`, written
 * straight from the controllers' latched words with their precomputed keys: no object per reading.
 * At most `pointLimit` readings go in, in catalog order, controller after controller.
 */
export function dataPayload(ts: number, seq: number, controllers: readonly VirtualController[], pointLimit: number): { json: string; points: number } {
  let json = `{"ts":${ts},"seq":${seq},"controllers":[`;
  let points = 0;
  for (let index = 0; index < controllers.length && points < pointLimit; index += 1) {
    const controller = controllers[index]!;
    json += `${index === 0 ? '' : ','}{"station":${controller.station},"values":{`;
    const count = Math.min(controller.registerCount, pointLimit - points);
    for (let slot = 0; slot < count; slot += 1) json += `${slot === 0 ? '' : ','}${controller.jsonKeyAt(slot)}${controller.rawAt(slot)}`;
    json += '}}';
    points += count;
  }
  return { json: `${json}]}`, points };
}
