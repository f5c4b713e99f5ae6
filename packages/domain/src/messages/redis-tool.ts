/** The messages of the Redis tool (/tools/redis) (see ../messages.ts), in the four languages. */
export const en = {
  redisNotConfigured: 'This deployment has no Redis (REDIS_URL is not set)',
  redisUnavailable: 'Redis did not answer: {detail}',
  redisKeyRequired: 'Name the Redis key',
  redisKeyOutsidePrefix: 'The key "{key}" is outside this server\'s prefix "{prefix}": only keys under it can be read or deleted',
  redisKeyNotFound: 'The key "{key}" does not exist (it may have expired or been deleted)',
  redisKeyDeleted: 'Key "{key}" deleted',
  redisCursorFormat: 'The cursor must be the number a previous page answered',
  redisLimitTooLarge: 'At most {maximum} at once',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  redisNotConfigured: '此部署没有 Redis（未设置 REDIS_URL）',
  redisUnavailable: 'Redis 没有响应：{detail}',
  redisKeyRequired: '请填写 Redis 键名',
  redisKeyOutsidePrefix: '键“{key}”不在本服务器的前缀“{prefix}”之下：只能查看或删除该前缀下的键',
  redisKeyNotFound: '键“{key}”不存在（可能已过期或被删除）',
  redisKeyDeleted: '已删除键“{key}”',
  redisCursorFormat: '游标必须是上一页返回的数字',
  redisLimitTooLarge: '一次最多 {maximum} 个',
};

export const es: Catalog = {
  redisNotConfigured: 'Esta instalación no tiene Redis (REDIS_URL no está definido)',
  redisUnavailable: 'Redis no respondió: {detail}',
  redisKeyRequired: 'Indique la clave de Redis',
  redisKeyOutsidePrefix: 'La clave "{key}" está fuera del prefijo "{prefix}" de este servidor: solo se pueden ver o eliminar las claves bajo él',
  redisKeyNotFound: 'La clave "{key}" no existe (puede haber caducado o haber sido eliminada)',
  redisKeyDeleted: 'Clave "{key}" eliminada',
  redisCursorFormat: 'El cursor debe ser el número que devolvió la página anterior',
  redisLimitTooLarge: 'Como máximo {maximum} a la vez',
};

export const ja: Catalog = {
  redisNotConfigured: 'この環境には Redis がありません（REDIS_URL 未設定）',
  redisUnavailable: 'Redis が応答しません：{detail}',
  redisKeyRequired: 'Redis のキー名を入力してください',
  redisKeyOutsidePrefix: 'キー「{key}」はこのサーバーのプレフィックス「{prefix}」の外にあります。表示・削除できるのはその下のキーだけです',
  redisKeyNotFound: 'キー「{key}」は存在しません（期限切れか削除済みの可能性があります）',
  redisKeyDeleted: 'キー「{key}」を削除しました',
  redisCursorFormat: 'カーソルは前のページが返した数値にしてください',
  redisLimitTooLarge: '一度に最大 {maximum} 件です',
};
