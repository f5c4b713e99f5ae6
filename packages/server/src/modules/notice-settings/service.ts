import type { Db } from '../../db/index.js';
import type { OperationLogService } from '../oplog/service.js';
import { createCompanyChannels } from './company-channels.js';
import { createDeliveryLog } from './deliveries.js';
import { createPushSettings } from './push-settings.js';
import { createUpkeepReminders } from './upkeep-reminders.js';

export type NoticeSettingsService = ReturnType<typeof createNoticeSettingsService>;

/**
 * Root's notification management: push settings, company channels, upkeep reminders (after a
 * change `remindersChanged` lets the upkeep evaluation know), and the delivery log.
 */
export function createNoticeSettingsService(deps: { db: Db; oplog: OperationLogService; remindersChanged(): void; now?: () => Date }) {
  return {
    ...createPushSettings(deps),
    ...createCompanyChannels(deps),
    ...createUpkeepReminders(deps),
    ...createDeliveryLog(deps),
  };
}
