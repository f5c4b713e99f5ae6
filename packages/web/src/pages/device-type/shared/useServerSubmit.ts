import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showServerErrors } from '../../box-reg-info/shared/server-errors';

/**
 * A form's save: `saving` while it runs, and the server's field messages put beside their fields
 * when it is refused (the request layer already showed them). Answers whether it succeeded.
 */
export function useServerSubmit(form: FormInstance) {
  const [saving, setSaving] = useState(false);
  async function submit(work: () => Promise<unknown>): Promise<boolean> {
    setSaving(true);
    try {
      await work();
      return true;
    } catch (error) {
      showServerErrors(form, error);
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { saving, submit };
}
