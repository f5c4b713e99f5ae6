import {
  batchParamsInputSchema,
  decodeRegister,
  encodeRegister,
  formatMessage,
  type BatchParams,
  type BatchParamsPreview,
  type Language,
  type MessageKey,
  type Register,
} from '@cloudbox/domain';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, mayWrite, type DeviceAccess, type Person } from '../../access/scope.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import type { Registry } from '../../fleet/registry.js';
import { ApiError } from '../../http/errors.js';
import type { JobContext, JobDefinition, JobQueue } from '../../jobs/types.js';
import type { Caller, CommandService } from '../commands/service.js';
import { commandOutcomes, controllersInRange, runningCommands, userOf, type CandidateRow } from './sql.js';

/** How often the job looks at its commands while it waits for the boxes' acks (any instance may take an ack). */
const SETTLE_POLL_MS = 250;

export interface ParamsBatchDeps {
  db: Db;
  registry: Registry;
  policy: DevicePolicy;
  commands: Pick<CommandService, 'write'>;
  jobs: JobQueue;
  /** How long the job waits for an online box's ack before it reports the write as waiting (`queued`). */
  ackWaitMs: number;
}

/** The register and the value as the box takes it: refused up front (the whole batch, nothing changes) when either is wrong. */
function checkedRegister(registry: Registry, input: BatchParams, language: Language): { register: Register; value: number } {
  const deviceType = registry.deviceType(input.device_type);
  if (!deviceType) throw ApiError.invalidInput([{ field: 'device_type', key: 'deviceTypeUnknown', params: { deviceType: input.device_type } }]);
  const register = deviceType.registers.get(input.register);
  if (!register) throw ApiError.invalidInput([{ field: 'register', key: 'registerUnknown', params: { register: input.register } }]);
  if (!register.writable) throw ApiError.invalidInput([{ field: 'register', key: 'registerNotWritable', params: { register: input.register } }]);
  const encoded = encodeRegister(input.value, register, language);
  if (!encoded.ok) throw ApiError.invalidInput([{ field: 'value', key: encoded.message.key, params: encoded.message.params }]);
  const decoded = decodeRegister(encoded.raw, register);
  return { register, value: decoded.ok ? decoded.value : Number(input.value) };
}

/** Why the caller may not write the register on a box (null: it may), as the command service would refuse it. */
function refusalOf(access: DeviceAccess | null, deviceTypeId: string, register: Register): MessageKey | null {
  if (!access) return 'batchNotVisible';
  if (mayRead(access, deviceTypeId, register.number) && mayWrite(access, deviceTypeId, { number: register.number, onOff: register.onOff ?? false }))
    return null;
  if (register.onOff) return 'switchNotAuthorized';
  return access.writeParameters ? 'registerNotPermitted' : 'batchNotWritable';
}

const itemOf = (row: Pick<CandidateRow, 'box_id' | 'station'>) => `${row.box_id}:${row.station}`;

/**
 * batch-modify-params: one register written on every controller of a device type in a box id
 * range, each write a real command (with its modify_parameter or switch entry in the operation
 * log), each controller a job item: `ok` (acked), `failed` (the box refused it, or it expired),
 * `queued` (the box is offline or has not answered yet: the command waits for it), `refused` (the
 * caller may not write it: nothing is written). Controllers of boxes the caller does not see are
 * not part of the batch at all: their ids are not the caller's to learn.
 */
export function createParamsBatch(deps: ParamsBatchDeps) {
  const { db, registry, policy, commands, jobs } = deps;

  /** The controllers of the range the caller sees, each with why it would be refused (null: it is written). */
  async function plan(user: Person, input: BatchParams, register: Register) {
    const scope = await policy.scopeOf(user);
    const rows = await queryRows<CandidateRow>(db, controllersInRange(scope, input));
    const accesses = new Map<string, Promise<DeviceAccess | null>>();
    const accessOf = (row: CandidateRow) => {
      let access = accesses.get(row.box_id);
      if (!access) accesses.set(row.box_id, (access = policy.access(user, { id: row.box_id, ck: row.ck })));
      return access;
    };
    return Promise.all(rows.map(async (row) => ({ ...row, refusal: refusalOf(await accessOf(row), input.device_type, register) })));
  }

  /** Waits for the commands' outcomes and records each as its item's result (acked ok, failed, or still waiting: queued). */
  async function settle(context: JobContext<BatchParams>, waiting: Map<string, string>): Promise<void> {
    const deadline = Date.now() + deps.ackWaitMs;
    const language = context.actor.language;
    while (waiting.size > 0) {
      context.signal.throwIfAborted();
      const outcomes = await queryRows<{
        id: string;
        state: string;
        error: string | null;
        result_value: number | null;
        old_value: string | null;
        new_value: string | null;
      }>(db, commandOutcomes([...waiting.values()]));
      const timedOut = Date.now() >= deadline;
      const items = new Map([...waiting].map(([item, id]) => [id, item]));
      for (const outcome of outcomes) {
        const item = items.get(outcome.id);
        if (!item) continue;
        const detail = { command_id: outcome.id, old_value: outcome.old_value, new_value: outcome.new_value };
        if (outcome.state === 'acked') {
          const read = outcome.result_value === null ? outcome.new_value : String(outcome.result_value);
          await context.item(item, 'ok', { ...detail, result_value: read });
        } else if (outcome.state === 'failed' || outcome.state === 'expired') {
          await context.item(item, 'failed', { ...detail, error: outcome.error ?? outcome.state });
        } else if (outcome.state === 'queued') {
          await context.item(item, 'queued', { ...detail, message: formatMessage(language, 'batchBoxOffline') });
        } else if (timedOut) {
          await context.item(item, 'queued', { ...detail, message: formatMessage(language, 'batchNoAnswer') });
        } else continue;
        waiting.delete(item);
      }
      if (timedOut) {
        // A command that is gone (its box was deleted) has no outcome to wait for.
        const found = new Set(outcomes.map((outcome) => outcome.id));
        for (const [item, id] of waiting) {
          if (found.has(id)) continue;
          await context.item(item, 'failed', { command_id: id, error: 'gone' });
          waiting.delete(item);
        }
      }
      if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  const definition: JobDefinition<typeof batchParamsInputSchema> = {
    params: batchParamsInputSchema,
    async run(context) {
      const { params, actor } = context;
      const user = await userOf(db, actor.userId);
      if (!user) throw new Error('the user who started the batch no longer exists');
      const caller: Caller = { user, ip: actor.ip, language: actor.language };
      const { register } = checkedRegister(registry, params, actor.language);
      const controllers = await plan(user, params, register);
      await context.setTotal(controllers.length);
      const finished = await context.finished();
      // Written by an earlier attempt (the item recorded in the command's transaction): only its outcome is awaited.
      const waiting = new Map(
        (await queryRows<{ item: string; command_id: string }>(db, runningCommands(context.id))).map((row) => [row.item, row.command_id]),
      );
      for (const controller of controllers) {
        context.signal.throwIfAborted();
        const item = itemOf(controller);
        if (finished.has(item) || waiting.has(item)) continue;
        if (controller.refusal) {
          await context.item(item, 'refused', {
            reason: controller.refusal,
            message: formatMessage(actor.language, controller.refusal, { register: register.number }),
          });
          continue;
        }
        try {
          const command = await commands.write(caller, controller.box_id, controller.station, { register: params.register, value: params.value }, (tx, row) =>
            context.item(item, 'running', { command_id: row.id }, tx),
          );
          waiting.set(item, command.id);
        } catch (error) {
          // The caller's rights or the box changed since the plan: refused as the command service refused it.
          if (!(error instanceof ApiError) || error.status >= 500) throw error;
          const problem = error.problems[0]!;
          await context.item(item, 'refused', { reason: problem.key, message: formatMessage(actor.language, problem.key, problem.params) });
        }
      }
      await settle(context, waiting);
      return { register: register.number, value: params.value };
    },
  };
  jobs.define('batch_modify_params', definition);

  return {
    async preview(user: UserRow, language: Language, input: BatchParams): Promise<BatchParamsPreview> {
      const { register, value } = checkedRegister(registry, input, language);
      const controllers = await plan(user, input, register);
      const boxes = new Map(controllers.map((row) => [row.box_id, row.online]));
      const online = [...boxes.values()].filter(Boolean).length;
      const writable = controllers.filter((row) => row.refusal === null).length;
      return {
        controllers: controllers.length,
        boxes: boxes.size,
        online,
        offline: boxes.size - online,
        writable,
        refused: controllers.length - writable,
        value,
      };
    },

    /** Checks the batch as the preview does and stores its job; the job id answers. */
    async start(caller: Caller, input: BatchParams): Promise<number> {
      const { register } = checkedRegister(registry, input, caller.language);
      const controllers = await plan(caller.user, input, register);
      if (controllers.length === 0) throw ApiError.rejected('batchNoControllers');
      const id = await db.transaction((tx) =>
        jobs.enqueue(tx, {
          kind: 'batch_modify_params',
          params: input,
          actor: { user: caller.user, ip: caller.ip, language: caller.language },
          total: controllers.length,
        }),
      );
      jobs.wake();
      return id;
    },
  };
}
