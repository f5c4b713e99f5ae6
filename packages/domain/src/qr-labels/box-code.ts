/** What a box's QR code says: its id, and its CK code when the label carries it. */
export interface BoxCode {
  id: string;
  ck?: string;
}

const BOX_ID = /^\d{1,32}$/;
const CK = /^\d{4}$/;

/**
 * Reads the text of a box's QR code: the bare box id; a URL or query string with `id`/`box_id`/
 * `device_id` (and `ck`); JSON with the same keys; or "id,ck". Anything else is not a box code.
 */
export function parseBoxCode(text: string): BoxCode | null {
  const raw = text.trim();
  if (BOX_ID.test(raw)) return { id: raw };
  const fields = fieldsOf(raw);
  if (!fields) return null;
  const id = fields.get('box_id') ?? fields.get('device_id') ?? fields.get('id') ?? fields.get('tag_id');
  if (!id || !BOX_ID.test(id)) return null;
  const ck = fields.get('ck');
  return ck && CK.test(ck) ? { id, ck } : { id };
}

function fieldsOf(raw: string): Map<string, string> | null {
  if (raw.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null) return null;
      return new Map(Object.entries(parsed).map(([key, value]) => [key.toLowerCase(), String(value)]));
    } catch {
      return null;
    }
  }
  const pair = /^(\d{1,32})\s*[,;|]\s*(\d{4})$/.exec(raw);
  if (pair)
    return new Map([
      ['id', pair[1]!],
      ['ck', pair[2]!],
    ]);
  const query = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : raw.includes('=') ? raw : null;
  if (query === null) return null;
  const params = new URLSearchParams(query.split('#')[0]);
  return new Map([...params.entries()].map(([key, value]) => [key.toLowerCase(), value.trim()]));
}
