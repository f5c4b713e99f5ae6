/**
 * The scripts root may run, as the catalogue shows them: the route title's key (`route.<name>`),
 * its description (`scripts.catalogue.<name>`) and where it lives. The PLC program delivery lives
 * under /plcProgram, the password scripts belong to the companies' screens; they are listed too.
 */
export const CATALOGUE = [
  { name: 'scriptLoad', path: '/scripts/load' },
  { name: 'scriptCheckInactive', path: '/scripts/check-inactive' },
  { name: 'scriptBatchModifyBox', path: '/scripts/batch-modify-box' },
  { name: 'scriptBatchModifyParams', path: '/scripts/batch-modify-params' },
  { name: 'scriptResetDevice', path: '/scripts/reset-device' },
  { name: 'scriptWsDemo', path: '/scripts/ws-demo' },
  { name: 'plcProgramUpload', path: '/plcProgram/plc-program-upload' },
  { name: 'scriptResetPwd', path: '/scripts/reset-pwd' },
  { name: 'scriptCkPwd', path: '/scripts/ck-pwd' },
] as const;

/** A job's parameters as a line people read: `key: value`, lists shortened. */
export function paramsText(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([key, value]) => {
      if (Array.isArray(value)) return `${key}: ${value.length > 3 ? `${value.slice(0, 3).join(', ')} … (${value.length})` : value.join(', ')}`;
      if (typeof value === 'object' && value !== null) return `${key}: ${JSON.stringify(value)}`;
      return `${key}: ${String(value)}`;
    })
    .join(' · ');
}
