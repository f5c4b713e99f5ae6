import type { ScanMode } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../http/errors.js';
import { reachesCk } from '../../access/relations.js';
import { recordQrBinding } from '../qr-labels/bindings.js';
import { notFound, type Caller } from './lookups.js';
import type { UserRegisterParts } from './service.js';
import { boxRows, texts } from './sql.js';

/** add-device and delete-device: a user binds a registered box to itself, or lets go of it. */
export function createBinding({ db, lookups, changes }: UserRegisterParts) {
  return {
    /**
     * add-device: the CK code proves the caller holds the box; a box of another CK answers like a
     * wrong code. `scanMode`: the id was read from the box's QR code, so the binding is recorded as a QR binding.
     */
    async bind(caller: Caller, boxId: string, ck: string, scanMode?: ScanMode): Promise<void> {
      const [box] = await boxRows(db, sql`id = ${boxId}`);
      if (!box) throw notFound('boxNotFound');
      if (box.ck !== ck || !reachesCk(caller.user, ck)) throw ApiError.invalidInput([{ field: 'ck', key: 'ckMismatch' }]);
      if (box.owner_id !== null) throw ApiError.rejected('deviceAlreadyBound', undefined, 409);
      await changes.changeBoxes(
        [boxId],
        async (tx) => {
          await tx.execute(
            sql`update boxes set owner_id = ${caller.user.id}, assigned_by = null, owned_since = now() where id = ${boxId} and owner_id is null`,
          );
          await changes.auditBoxes(tx, caller, 'bind_device', [boxId], caller.user.username);
          if (scanMode) await recordQrBinding(tx, caller.user, boxId, scanMode);
        },
        [caller.user.id],
      );
    },

    /** delete-device: the caller lets go of boxes it owns; its grants of them and the shares nobody may keep go too. */
    async unbind(caller: Caller, boxIds: string[]): Promise<number> {
      const owned = await lookups.ownedBoxes(caller, boxIds);
      return changes.changeBoxes(owned, async (tx) => {
        await changes.auditBoxes(tx, caller, 'unbind_device', owned, caller.user.username);
        await tx.execute(sql`update boxes set owner_id = null, assigned_by = null, owned_since = null where id = any(${texts(owned)})`);
        // Nobody sees an unbound box through the hierarchy: the shares of all but root and CK-wide staff end.
        await changes.dropSharesOfBlindGranters(tx, caller, owned);
        await tx.execute(sql`delete from device_switch_grants where box_id = any(${texts(owned)}) and granted_by = ${caller.user.id}`);
        return owned.length;
      });
    },
  };
}
