import type { CommandState, CommandView } from '@cloudbox/domain';

/**
 * A parameter write as the screen follows it: sent to the server, then the command's own states
 * (queued, sent, acked, failed, expired) as the WebSocket or a poll reports them, until it settles.
 */
export type WriteState =
  | { phase: 'idle' }
  | { phase: 'sending'; register: number; value: string }
  | { phase: 'tracking'; command: CommandView }
  | { phase: 'rejected'; register: number; message: string };

export type WriteAction =
  | { type: 'send'; register: number; value: string }
  | { type: 'accepted'; command: CommandView }
  | { type: 'update'; command: CommandView }
  | { type: 'rejected'; message: string }
  | { type: 'reset' };

const ORDER: Record<CommandState, number> = { queued: 0, sent: 1, acked: 2, failed: 2, expired: 2 };

export function isSettled(state: CommandState): boolean {
  return ORDER[state] === 2;
}

export function writeReducer(state: WriteState, action: WriteAction): WriteState {
  switch (action.type) {
    case 'send':
      return { phase: 'sending', register: action.register, value: action.value };
    case 'accepted':
      return state.phase === 'sending' ? { phase: 'tracking', command: action.command } : state;
    case 'update': {
      // Events of other commands, late polls and stale states never move a command backwards.
      if (state.phase !== 'tracking' || state.command.id !== action.command.id) return state;
      if (ORDER[action.command.state] < ORDER[state.command.state] || isSettled(state.command.state)) return state;
      return { phase: 'tracking', command: action.command };
    }
    case 'rejected':
      return state.phase === 'sending' ? { phase: 'rejected', register: state.register, message: action.message } : state;
    case 'reset':
      return { phase: 'idle' };
  }
}

/** The write in flight for a register, if any: its row shows the state. */
export function writeOf(state: WriteState, register: number): WriteState | undefined {
  if (state.phase === 'idle') return undefined;
  const number = state.phase === 'tracking' ? state.command.register : state.register;
  return number === register ? state : undefined;
}
