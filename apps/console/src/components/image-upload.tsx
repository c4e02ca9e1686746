import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { operatorUpload } from '../api/client';

interface ImageUploadProps {
  value?: string | null;
  onChange?: (url: string | null) => void;
}

/** A cover or picture: uploaded at once (the server checks it is an image), kept as the address it answers. */
export function ImageUpload({ value, onChange }: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setUploading(true);
    try {
      const { url } = await operatorUpload(OPERATOR_CALLS.uploadImage, file);
      onChange?.(url);
    } catch (error) {
      void message.error(isApiError(error) ? error.mess : t('errors.unexpected'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Space align="start">
      {value ? <Image src={value} width={120} height={68} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" /> : null}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          // Sent by upload() through the operator client, not by the component.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t(value ? 'upload.replace' : 'upload.choose')}
        </Button>
      </Upload>
      {value ? <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} aria-label={t('upload.remove')} /> : null}
    </Space>
  );
}
