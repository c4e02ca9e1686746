import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../api/account-mutations';
import { useImageFileInput } from '../../../components/image-file-input';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';

/** The profile picture; tapping it picks a new image, which is uploaded and becomes the avatar. */
export function AvatarButton({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();

  const change = useGuardedAction(async (file: File) => {
    await updateProfile.mutateAsync({ avatar: file });
    showToast(t('mine.avatarUpdated'));
  });

  const picker = useImageFileInput(change.run, 'avatar-file');

  return (
    <button
      type="button"
      className="app-avatar"
      onClick={picker.open}
      disabled={change.pending}
      aria-label={t('mine.changeAvatar')}
      aria-busy={change.pending}
      data-testid="avatar"
    >
      {avatar ? <img src={avatar} alt="" /> : <UserOutline aria-hidden="true" />}
      {change.pending && <span className="app-avatar-busy app-spinner" />}
      {picker.input}
    </button>
  );
}
