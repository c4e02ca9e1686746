import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myFeedbackQuery, type FeedbackItem } from '../api/content-queries';
import { PublishedAt } from './content-time';
import { InfiniteList } from '../../../components/list/infinite-list';

function Reply({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  if (item.reply === null)
    return (
      <p className="app-feedback-waiting" data-testid="feedback-waiting">
        {t('feedback.awaitingReply')}
      </p>
    );
  return (
    <div className={item.replyUnread ? 'app-feedback-reply app-feedback-reply-new' : 'app-feedback-reply'} data-testid="feedback-reply">
      <p className="app-feedback-reply-head">
        <span className="app-feedback-reply-label">{t('feedback.reply')}</span>
        {item.replyUnread && (
          <span className="app-content-tag app-content-tag-new" data-testid="reply-new">
            {t('feedback.new')}
          </span>
        )}
        {item.repliedAt !== null && <PublishedAt time={item.repliedAt} />}
      </p>
      <p className="app-feedback-text" dir="auto" data-testid="feedback-reply-text">
        {item.reply}
      </p>
    </div>
  );
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  return (
    <article className="app-record app-feedback-card" data-testid="feedback-item" data-id={item.id}>
      <p className="app-feedback-text" dir="auto" data-testid="feedback-text">
        {item.content}
      </p>
      {item.images.length > 0 && (
        <ul className="app-feedback-images">
          {item.images.map((url, index) => (
            <li key={`${index}-${url}`}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img src={url} alt={t('feedback.imageNumber', { number: index + 1 })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <PublishedAt time={item.createdAt} />
      <Reply item={item} />
    </article>
  );
}

/** What the user sent, newest first, each with the operator's answer once there is one. */
export function MyFeedback() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(myFeedbackQuery);
  return (
    <section className="app-feedback-mine" aria-labelledby="my-feedback-title">
      <h2 id="my-feedback-title" className="app-section-title">
        {t('feedback.mine')}
      </h2>
      <InfiniteList query={query} itemKey={(item) => item.id} renderItem={(item) => <FeedbackCard item={item} />} emptyTitle={t('feedback.none')} testId="my-feedback" />
    </section>
  );
}
