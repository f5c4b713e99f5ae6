import type { Envelope } from '@cloudbox/domain';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * Runs a change made on a screen: on success shows the server's word for it and reads again the
 * queries under `refresh` (their key prefixes). Failures were shown by the request layer; `onError`
 * may put them beside their fields. The answer is undefined when the change was not made.
 */
export function useChange(refresh: readonly QueryKey[]) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run<T>(change: () => Promise<Envelope<T>>, onError?: (error: unknown) => void): Promise<Envelope<T> | undefined> {
    let answer: Envelope<T>;
    try {
      answer = await change();
    } catch (error) {
      onError?.(error);
      return undefined;
    }
    void message.success(answer.message);
    await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return answer;
  };
}
