import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';

interface Props {
  /** Handed the chosen file; the dragger itself uploads nothing. */
  onFile: (file: File) => void;
  disabled: boolean;
  /** The dragger's class, by which tests find it. */
  className: string;
  text: string;
  hint?: string;
}

/** The drop zone of an xlsx upload: one sheet at a time, handed to the page, which sends it and shows progress. */
export default function SheetDragger({ onFile, disabled, className, text, hint }: Props) {
  return (
    <Upload.Dragger
      accept=".xlsx"
      multiple={false}
      showUploadList={false}
      disabled={disabled}
      className={className}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{text}</p>
      {hint && <p className="ant-upload-hint">{hint}</p>}
    </Upload.Dragger>
  );
}
