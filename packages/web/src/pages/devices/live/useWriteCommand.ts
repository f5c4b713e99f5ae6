import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { getCommand, writeRegister } from '../../../api/devices';
import { useRealtimeEvents } from '../../../realtime/hooks';
import { isSettled, writeReducer } from './command-state';

const POLL_MS = 2000;

/**
 * Sends writes and follows the command until the box acks it or it fails: WebSocket `command`
 * events move it at once, a poll of `GET /commands/:id` is the backstop.
 */
export function useWriteCommand(boxId: string, controllerId: number) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(writeReducer, { phase: 'idle' });

  useRealtimeEvents((event) => {
    if (event.type === 'command') dispatch({ type: 'update', command: event.command });
  });

  const trackedId = state.phase === 'tracking' && !isSettled(state.command.state) ? state.command.id : undefined;
  useEffect(() => {
    if (!trackedId) return;
    const timer = setInterval(() => {
      getCommand(trackedId).then(
        (command) => dispatch({ type: 'update', command }),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [trackedId]);

  const settledAcked = state.phase === 'tracking' && state.command.state === 'acked';
  useEffect(() => {
    if (settledAcked) void queryClient.invalidateQueries({ queryKey: ['devices', 'realtime', boxId, controllerId] });
  }, [settledAcked, queryClient, boxId, controllerId]);

  async function send(register: number, value: string): Promise<void> {
    dispatch({ type: 'send', register, value });
    try {
      dispatch({ type: 'accepted', command: await writeRegister(boxId, controllerId, register, value) });
    } catch (error) {
      dispatch({ type: 'rejected', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return { state, send, reset: () => dispatch({ type: 'reset' }) };
}
