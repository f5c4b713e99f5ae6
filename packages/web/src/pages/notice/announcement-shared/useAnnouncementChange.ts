import type { Envelope } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * Runs a change of announcements: on success shows the server's word for it and reloads every
 * announcement list. Failures were shown by the request layer; `onError` may put them beside fields.
 */
export function useAnnouncementChange() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run<T>(change: () => Promise<Envelope<T>>, onError?: (error: unknown) => void): Promise<T | undefined> {
    let answer: Envelope<T>;
    try {
      answer = await change();
    } catch (error) {
      onError?.(error);
      return undefined;
    }
    void message.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['announcements'] });
    return answer.data;
  };
}
