import type { BoxResetAction } from '@cloudbox/domain';

export const ACTION_KEYS: Record<BoxResetAction, string> = { reboot: 'inactiveBoxes.reset.reboot', reset_config: 'inactiveBoxes.reset.resetConfig' };
