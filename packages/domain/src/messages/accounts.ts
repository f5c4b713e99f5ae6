/** The messages of accounts (see ../messages.ts), in the four languages. */
export const en = {
  accountRoleInvalid: 'Choose the role of the account.',
  accountNotFound: 'Account not found.',
  accountOutOfReach: 'You may not manage this account.',
  accountSelf: 'You cannot disable or delete your own account.',
  accountParentInvalid: 'The superior must be a district distributor of the same company.',
  accountParentNotRegional: 'Only a regional distributor works under a district distributor.',
  accountBoxesToRequired: 'This account owns {count} boxes: choose where they go.',
  accountBoxesToInvalid: 'Its boxes can go only to its superior or another manager of its company.',
  accountDisabled: 'This account is disabled. Please contact your administrator.',
  accountCompanyDisabled: 'The accounts of your company are disabled. Please contact your administrator.',
  accountCompanyNotFound: 'Company not found.',
  accountPasswordResetDone: 'The password has been reset: give the new one to its user, it is shown only once.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const zh: Catalog = {
  accountRoleInvalid: '请选择账号的角色。',
  accountNotFound: '账号不存在。',
  accountOutOfReach: '您无权管理该账号。',
  accountSelf: '不能停用或删除您自己的账号。',
  accountParentInvalid: '上级必须是同一公司的区域经销商。',
  accountParentNotRegional: '只有大区经销商可以隶属于区域经销商。',
  accountBoxesToRequired: '该账号拥有 {count} 台盒子：请选择它们的去向。',
  accountBoxesToInvalid: '它的盒子只能转给它的上级或本公司的另一位管理员。',
  accountDisabled: '该账号已停用，请联系管理员。',
  accountCompanyDisabled: '您所在公司的账号已停用，请联系管理员。',
  accountCompanyNotFound: '公司不存在。',
  accountPasswordResetDone: '密码已重置：请把新密码交给该用户，它只显示这一次。',
};

export const es: Catalog = {
  accountRoleInvalid: 'Elija el rol de la cuenta.',
  accountNotFound: 'Cuenta no encontrada.',
  accountOutOfReach: 'No puede administrar esta cuenta.',
  accountSelf: 'No puede desactivar ni eliminar su propia cuenta.',
  accountParentInvalid: 'El superior debe ser un distribuidor de distrito de la misma empresa.',
  accountParentNotRegional: 'Solo un distribuidor regional depende de un distribuidor de distrito.',
  accountBoxesToRequired: 'Esta cuenta posee {count} cajas: elija a dónde van.',
  accountBoxesToInvalid: 'Sus cajas solo pueden pasar a su superior o a otro gestor de su empresa.',
  accountDisabled: 'Esta cuenta está desactivada. Contacte con su administrador.',
  accountCompanyDisabled: 'Las cuentas de su empresa están desactivadas. Contacte con su administrador.',
  accountCompanyNotFound: 'Empresa no encontrada.',
  accountPasswordResetDone: 'La contraseña se ha restablecido: entregue la nueva a su usuario, solo se muestra una vez.',
};

export const ja: Catalog = {
  accountRoleInvalid: 'アカウントのロールを選択してください。',
  accountNotFound: 'アカウントが見つかりません。',
  accountOutOfReach: 'このアカウントを管理する権限がありません。',
  accountSelf: '自分のアカウントは無効化も削除もできません。',
  accountParentInvalid: '上位は同じ会社の地区代理店である必要があります。',
  accountParentNotRegional: '地区代理店の下に置けるのは地域代理店だけです。',
  accountBoxesToRequired: 'このアカウントは {count} 台のボックスを所有しています。移管先を選択してください。',
  accountBoxesToInvalid: 'ボックスの移管先は上位か、同じ会社の別の管理者だけです。',
  accountDisabled: 'このアカウントは無効です。管理者に連絡してください。',
  accountCompanyDisabled: '所属会社のアカウントは無効です。管理者に連絡してください。',
  accountCompanyNotFound: '会社が見つかりません。',
  accountPasswordResetDone: 'パスワードをリセットしました。新しいパスワードはこの一度だけ表示されます。利用者に伝えてください。',
};
