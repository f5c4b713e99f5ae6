import { RESET_CONDITIONS, UNLOCK_MODES, type ResetCondition, type UnlockMode } from '@cloudbox/domain';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';

/** A mode's or reset condition's word, and the options of their selects with the one-line explanation of each. */

export const modeLabel = (t: TFunction, mode: UnlockMode) => t(`dynamicPasswords.modes.${mode}.label`);
export const resetLabel = (t: TFunction, reset: ResetCondition) => t(`dynamicPasswords.resets.${reset}.label`);

function explained(label: string, help: string) {
  return (
    <div className="qr-manage__option">
      <span>{label}</span>
      <Typography.Text type="secondary" className="qr-manage__option-help">
        {help}
      </Typography.Text>
    </div>
  );
}

/** The calculation modes, each with what it does to the controller. */
export function modeOptions(t: TFunction) {
  return UNLOCK_MODES.map((mode) => ({
    value: mode,
    label: modeLabel(t, mode),
    explained: explained(modeLabel(t, mode), t(`dynamicPasswords.modes.${mode}.help`)),
  }));
}

export function resetOptions(t: TFunction) {
  return RESET_CONDITIONS.map((reset) => ({
    value: reset,
    label: resetLabel(t, reset),
    explained: explained(resetLabel(t, reset), t(`dynamicPasswords.resets.${reset}.help`)),
  }));
}

/** A count as the screens show it: the number, or "unlimited" for null. */
export const countText = (t: TFunction, count: number | null) => (count === null ? t('dynamicPasswords.unlimited') : String(count));
