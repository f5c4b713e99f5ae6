import type { DatalogMessages } from './zh';

const datalog: DatalogMessages = {
  operationLog: {
    boxId: 'ID de caja',
    username: 'Usuario',
    action: 'Acción',
    company: 'Empresa',
    deviceNumber: 'Número de equipo',
    station: 'Estación',
    user: 'Usuario',
    time: 'Hora',
    newValue: 'Valor nuevo',
    register: 'Registro',
    oldValue: 'Valor anterior',
    ip: 'IP',
    search: 'Buscar',
    reset: 'Restablecer',
    actions: {
      send_command: 'Enviar comando',
      switch: 'Encender/apagar',
      modify_parameter: 'Modificar parámetro',
      bind_device: 'Vincular equipo',
      unbind_device: 'Desvincular equipo',
      assign_device: 'Asignar equipo',
      recall_assigned_device: 'Retirar asignación',
      share_device: 'Compartir equipo',
      recall_shared_device: 'Retirar uso compartido',
      grant_switch: 'Autorizar encendido/apagado',
      revoke_switch: 'Retirar encendido/apagado',
      add_user: 'Añadir usuario',
      delete_user: 'Eliminar usuario',
      change_model: 'Cambiar plantilla de permisos',
      change_password: 'Cambiar contraseña',
      set_shield: 'Configurar ocultación',
    },
  },
};

export default datalog;
