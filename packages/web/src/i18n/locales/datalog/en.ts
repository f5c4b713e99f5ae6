import type { DatalogMessages } from './zh';

const datalog: DatalogMessages = {
  operationLog: {
    boxId: 'Box ID',
    username: 'User',
    action: 'Action',
    company: 'Company',
    deviceNumber: 'Device number',
    station: 'Station',
    user: 'User',
    time: 'Time',
    newValue: 'New value',
    register: 'Register',
    oldValue: 'Old value',
    ip: 'IP',
    search: 'Search',
    reset: 'Reset',
    actions: {
      send_command: 'Send command',
      switch: 'Switch on/off',
      modify_parameter: 'Modify parameter',
      bind_device: 'Bind device',
      unbind_device: 'Unbind device',
      assign_device: 'Assign device',
      recall_assigned_device: 'Recall assignment',
      share_device: 'Share device',
      recall_shared_device: 'Recall share',
      grant_switch: 'Grant on/off',
      revoke_switch: 'Revoke on/off',
      add_user: 'Add user',
      delete_user: 'Delete user',
      change_model: 'Change permission template',
      change_password: 'Change password',
      set_shield: 'Set shielding',
    },
  },
};

export default datalog;
