import type { DatalogMessages } from './zh';

const datalog: DatalogMessages = {
  operationLog: {
    boxId: 'ボックスID',
    username: 'ユーザー',
    action: '操作',
    company: '所属組織',
    deviceNumber: '機器番号',
    station: '局番',
    user: 'ユーザー',
    time: '日時',
    newValue: '新しい値',
    register: 'レジスタ',
    oldValue: '元の値',
    ip: 'IP',
    search: '検索',
    reset: 'リセット',
    actions: {
      send_command: 'コマンド送信',
      switch: '運転/停止',
      modify_parameter: 'パラメータ変更',
      bind_device: '機器の登録',
      unbind_device: '機器の登録解除',
      assign_device: '機器の割り当て',
      recall_assigned_device: '割り当ての取り消し',
      share_device: '機器の共有',
      recall_shared_device: '共有の取り消し',
      grant_switch: '運転/停止の許可',
      revoke_switch: '運転/停止の許可取り消し',
      add_user: 'ユーザー追加',
      delete_user: 'ユーザー削除',
      change_model: '権限テンプレート変更',
      change_password: 'パスワード変更',
      set_shield: '非表示設定',
    },
  },
};

export default datalog;
