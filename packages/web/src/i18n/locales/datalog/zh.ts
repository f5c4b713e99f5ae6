import type { OperationAction } from '@cloudbox/domain';

/** The log screens (/datalog). */
const datalog = {
  operationLog: {
    boxId: '盒子ID',
    username: '操作用户',
    action: '操作类型',
    company: '所属单位',
    deviceNumber: '设备编号',
    station: '站号',
    user: '用户',
    time: '时间',
    newValue: '新值',
    register: '寄存器',
    oldValue: '旧值',
    ip: 'IP',
    search: '查询',
    reset: '重置',
    actions: {
      send_command: '发送命令',
      switch: '开关机',
      modify_parameter: '修改参数',
      bind_device: '绑定设备',
      unbind_device: '解绑设备',
      assign_device: '分配设备',
      recall_assigned_device: '收回分配',
      share_device: '分享设备',
      recall_shared_device: '收回分享',
      grant_switch: '授权开关机',
      revoke_switch: '收回开关机授权',
      add_user: '添加用户',
      delete_user: '删除用户',
      change_model: '修改权限模板',
      change_password: '修改密码',
      set_shield: '设置屏蔽',
    } satisfies Record<OperationAction, string>,
  },
};

export type DatalogMessages = typeof datalog;
export default datalog;
