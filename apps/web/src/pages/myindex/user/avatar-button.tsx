import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../../../api/account-mutations';
import { IMAGE_TYPES } from '../../../api/upload-image';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';

/** The profile picture; tapping it picks a new image, which is uploaded and becomes the avatar. */
export function AvatarButton({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const input = useRef<HTMLInputElement>(null);

  const change = useGuardedAction(async (file: File) => {
    await updateProfile.mutateAsync({ avatar: file });
    showToast(t('mine.avatarUpdated'));
  });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (file) change.run(file);
  };

  return (
    <button
      type="button"
      className="app-avatar"
      onClick={() => input.current?.click()}
      disabled={change.pending}
      aria-label={t('mine.changeAvatar')}
      aria-busy={change.pending}
      data-testid="avatar"
    >
      {avatar ? <img src={avatar} alt="" /> : <UserOutline aria-hidden="true" />}
      {change.pending && <span className="app-avatar-busy app-spinner" />}
      <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} hidden onChange={pick} data-testid="avatar-file" />
    </button>
  );
}
