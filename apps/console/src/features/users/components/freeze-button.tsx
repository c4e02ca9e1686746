import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../../components/use-may-call';
import { useFreezeUser } from '../api/user-calls';

/** Freezes an account (every call of it is refused) or lets it in again; asks first. */
export function FreezeButton({ userId, frozen }: { userId: string; frozen: boolean }) {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const freeze = useFreezeUser();
  if (!mayCall('/admin/api/users/freeze')) return null;
  return (
    <Popconfirm
      title={t(frozen ? 'users.unfreezeConfirm' : 'users.freezeConfirm')}
      okText={t(frozen ? 'users.unfreeze' : 'users.freeze')}
      okButtonProps={{ danger: !frozen }}
      onConfirm={() => freeze.mutateAsync({ userId, frozen: !frozen }).catch(() => undefined)}
    >
      <Button danger={!frozen} icon={frozen ? <UnlockOutlined /> : <LockOutlined />} loading={freeze.isPending}>
        {t(frozen ? 'users.unfreeze' : 'users.freeze')}
      </Button>
    </Popconfirm>
  );
}
