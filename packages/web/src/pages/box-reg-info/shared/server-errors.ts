import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../../../api/boxRegistry';

/**
 * Puts the server's field messages beside their fields (`controllers.0.device_type` is the
 * form's `['controllers', 0, 'device_type']`); the request layer already showed them all.
 */
export function showServerErrors(form: FormInstance, error: unknown): void {
  form.setFields(
    fieldErrorsOf(error).map((entry) => ({
      name: entry.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [entry.message],
    })),
  );
}
