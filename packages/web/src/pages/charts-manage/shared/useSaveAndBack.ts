import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showServerErrors } from '../../box-reg-info/shared/server-errors';
import { useChartChange } from './useChartChange';

/** Saves a setting's form and goes back to its list; a refusal puts the server's messages beside the fields. */
export function useSaveAndBack(form: FormInstance, listPath: string) {
  const run = useChartChange();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const save = async (change: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await run(change);
      void navigate(listPath);
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
