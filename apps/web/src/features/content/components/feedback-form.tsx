import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import { FEEDBACK_MAX_CHARACTERS, FEEDBACK_MAX_IMAGES, FEEDBACK_MIN_CHARACTERS, FEEDBACK_PER_DAY } from '@wallet/contract/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useSubmitFeedback } from '../api/content-mutations';
import { accountRules, usePreloadedAccountRules } from '../../../components/form/account-rules';
import { AppForm } from '../../../components/form/app-form';
import { showCallError } from '../../../components/form/call-error';
import { checks, required, type Rule } from '../../../components/form/rules';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { feedbackContentProblem, isFeedbackEmail } from '../model/feedback-rules';
import { ImagePicker } from './image-picker';

type Values = { email: string; content: string };

const CONTENT_MESSAGES = { empty: 'feedback.contentEmpty', short: 'feedback.contentShort', long: 'feedback.contentLong' } as const;

function emailRule(t: TFunction): Rule<Values> {
  return checks<Values>(required(t('feedback.emailRequired')), async (value) => {
    // Should the rules fail to download, the server still checks.
    const rules = await accountRules().catch(() => undefined);
    return rules && !isFeedbackEmail(value, rules.EMAIL_PATTERN) ? t('feedback.emailRule') : undefined;
  });
}

function contentRule(t: TFunction): Rule<Values> {
  return (value) => {
    const problem = feedbackContentProblem(value);
    return problem && t(CONTENT_MESSAGES[problem], { min: FEEDBACK_MIN_CHARACTERS, max: FEEDBACK_MAX_CHARACTERS });
  };
}

function DailyLimit({ reached }: { reached: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={reached ? 'app-money-note app-money-note-danger app-feedback-note' : 'app-money-note app-feedback-note'} role={reached ? 'alert' : undefined} data-testid="feedback-limit">
      <InformationCircleOutline aria-hidden="true" />
      <span>{t(reached ? 'feedback.limitReached' : 'feedback.dailyLimit', { count: FEEDBACK_PER_DAY })}</span>
    </p>
  );
}

/** E-mail, text with its count, up to three pictures; checked here with the seed's messages before it is sent. */
export function FeedbackForm() {
  const { t } = useTranslation();
  usePreloadedAccountRules();
  const submitFeedback = useSubmitFeedback();
  const [images, setImages] = useState<string[]>([]);
  const [limitReached, setLimitReached] = useState(false);
  const form = useForm<Values>({ email: '', content: '' }, { email: emailRule(t), content: contentRule(t) });

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    try {
      await submitFeedback.mutateAsync({ email: form.values.email.trim(), content: form.values.content.trim(), images });
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'FEEDBACK_DAILY_LIMIT') setLimitReached(true);
      showCallError(form, error);
      throw error;
    }
    showToast(t('feedback.sent'));
    // The address stays for the next one.
    form.setValue('content', '');
    setImages([]);
  });

  return (
    <AppForm name="feedback" onSubmit={submit.run}>
      <DailyLimit reached={limitReached} />
      <div className="app-form-card">
        <TextField
          label={t('feedback.email')}
          field={form.field('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          placeholder={t('feedback.emailPlaceholder')}
        />
        <TextAreaField
          label={t('feedback.content')}
          field={form.field('content')}
          maxCharacters={FEEDBACK_MAX_CHARACTERS}
          placeholder={t('feedback.contentPlaceholder', { min: FEEDBACK_MIN_CHARACTERS, max: FEEDBACK_MAX_CHARACTERS })}
          testId="feedback-content"
        />
        <ImagePicker
          urls={images}
          max={FEEDBACK_MAX_IMAGES}
          onAdd={(url) => setImages((before) => [...before, url].slice(0, FEEDBACK_MAX_IMAGES))}
          onRemove={(index) => setImages((before) => before.filter((_, at) => at !== index))}
        />
      </div>
      <SubmitButton pending={submit.pending} testId="feedback-submit">
        {t('feedback.submit')}
      </SubmitButton>
    </AppForm>
  );
}
