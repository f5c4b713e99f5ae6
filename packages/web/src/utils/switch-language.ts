import type { Language } from '@cloudbox/domain';
import i18n from '../i18n';
import { useAppStore } from '../stores/app';

/**
 * Sets the `language` cookie, confirms in the chosen language through `notify`, then reloads
 * (SPEC.md section 4). The console's language select and the log-in page's both go through here.
 */
export async function switchLanguage(language: Language, notify: (text: string) => PromiseLike<unknown>): Promise<void> {
  await useAppStore.getState().setLanguage(language);
  await notify(i18n.t('feedback.switchLanguageSuccess', { lng: language }));
  window.location.reload();
}
