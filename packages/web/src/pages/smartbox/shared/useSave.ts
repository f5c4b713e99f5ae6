import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Saves a dialog's form: while saving the button spins; on success it says so, every list reloads
 * (the box shows in several) and the dialog closes. A failure was shown by the request layer.
 */
export function useSave(onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  async function save(write: () => Promise<unknown>): Promise<void> {
    setSaving(true);
    try {
      await write();
      void message.success(t('boxProperties.saved'));
      await queryClient.invalidateQueries();
      onClose();
    } catch {
      // The request layer showed the server's message.
    } finally {
      setSaving(false);
    }
  }
  return { saving, save };
}
