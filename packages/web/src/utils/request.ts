import { API_BASE, HTTP_TIMEOUT_MS } from '@cloudbox/domain';
import i18n from '../i18n';
import { getToken, removeToken } from './auth';
import { logError } from './error-log';
import { feedback } from './feedback';
import { createRequester, type QueryValue } from './request-core';

export { RequestError, type QueryValue, type RequestOptions } from './request-core';
export type QueryParams = Readonly<Record<string, QueryValue>>;

export const { fetchEnvelope, request, readAhead, arrivedAhead } = createRequester({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: API_BASE,
  timeoutMs: HTTP_TIMEOUT_MS,
  getToken,
  showWarning: (message) => feedback.modal.warning({ title: i18n.t('request.warningTitle'), content: message }),
  showError: (message) => void feedback.message.error(message),
  confirmLoggedOut: () =>
    new Promise<void>((resolve) => {
      feedback.modal.confirm({
        className: 'logged-out-dialog',
        title: i18n.t('request.loggedOutTitle'),
        content: i18n.t('request.loggedOut'),
        okText: i18n.t('request.relogin'),
        cancelText: i18n.t('request.cancel'),
        onOk: () => {
          removeToken();
          window.location.reload();
        },
        afterClose: resolve,
      });
    }),
  logFailure: (error, info) => logError(error, info),
  text: (key, params) => i18n.t(`request.${key}`, params),
});
