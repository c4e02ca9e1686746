import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useTranslation } from 'react-i18next';
import { useUploadFeedbackImage } from '../api/content-mutations';
import { useImageFileInput } from '../../../components/image-file-input';
import { useGuardedAction } from '../../../components/use-guarded-action';

interface Props {
  urls: string[];
  max: number;
  onAdd: (url: string) => void;
  onRemove: (index: number) => void;
}

/** Up to `max` pictures: each is uploaded as soon as it is picked, and can be taken off again. */
export function ImagePicker({ urls, max, onAdd, onRemove }: Props) {
  const { t } = useTranslation();
  const upload = useUploadFeedbackImage();
  const add = useGuardedAction(async (file: File) => onAdd(await upload.mutateAsync(file)));
  const picker = useImageFileInput(add.run, 'feedback-image-file');
  return (
    <div className="app-field">
      <p className="app-field-label" id="feedback-images-label">
        {t('feedback.images', { max })}
      </p>
      <ul className="app-image-picker" aria-labelledby="feedback-images-label" data-testid="feedback-images">
        {urls.map((url, index) => (
          <li key={`${index}-${url}`} className="app-image-picked">
            <img src={url} alt={t('feedback.imageNumber', { number: index + 1 })} />
            <button type="button" className="app-image-remove" onClick={() => onRemove(index)} aria-label={t('feedback.removeImage', { number: index + 1 })}>
              <CloseOutline aria-hidden="true" />
            </button>
          </li>
        ))}
        {urls.length < max && (
          <li>
            <button type="button" className="app-image-add" onClick={picker.open} disabled={add.pending} aria-busy={add.pending} data-testid="feedback-add-image">
              {add.pending ? <span className="app-spinner app-image-spinner" /> : <AddOutline aria-hidden="true" />}
              <span className="app-image-add-label">{t('feedback.addImage')}</span>
              <bdi className="app-image-add-count" dir="ltr">
                {urls.length}/{max}
              </bdi>
            </button>
          </li>
        )}
      </ul>
      {picker.input}
    </div>
  );
}
