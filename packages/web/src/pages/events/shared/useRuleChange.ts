import type { Envelope } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * Runs a change of event rules: on success shows the server's word for it and reloads every rule
 * list (the list screen and a type's rules). Failures were shown by the request layer; the answer
 * says whether the change was made.
 */
export function useRuleChange() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async function run<T>(change: () => Promise<Envelope<T>>): Promise<T | undefined> {
    let answer: Envelope<T>;
    try {
      answer = await change();
    } catch {
      return undefined;
    }
    void message.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['event-rules'] });
    return answer.data;
  };
}
