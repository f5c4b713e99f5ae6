import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBoxProperties } from '../../../api/boxProperties';
import BoxFormModal from './BoxFormModal';

/** The box page's way into the device edit form: shown only to those who may save it (root, the CK's limited admin, the owner). */
export default function BoxEditButton({ boxId }: { boxId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useQuery({ queryKey: ['box-properties', 'form', boxId], queryFn: () => getBoxProperties(boxId), enabled: boxId !== '' });
  if (!form.data?.editable) return null;
  return (
    <>
      <Button size="small" icon={<EditOutlined />} className="box-edit" onClick={() => setOpen(true)}>
        {t('boxProperties.edit')}
      </Button>
      <BoxFormModal boxId={open ? boxId : null} onClose={() => setOpen(false)} />
    </>
  );
}
