import { useTranslation } from 'react-i18next';
import { hasSession } from '../../../api/session';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import '../../account/account.css';
import '../content.css';
import '../../money/money.css';
import '../feedback.css';
import '../../../styles/list.css';
import { FeedbackForm } from '../components/feedback-form';
import { MyFeedback } from '../components/my-feedback';

/** Feedback to the operators, and their replies; without a session, the way to log in and come back here. */
export function FeedbackPage() {
  const { t } = useTranslation();
  if (!hasSession())
    return (
      <div className="app-list-page">
        <SignInPrompt title={t('mine.signInTitle')} hint={t('feedback.signedOut')} card />
      </div>
    );
  return (
    <div className="app-feedback-page">
      <FeedbackForm />
      <MyFeedback />
    </div>
  );
}
