import { FEEDBACK_REPLY_MAX, replyFeedback } from '@wallet/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';
import { useReplyFeedback } from '../api/feedback-calls';

/** Answers one feedback; a new reply replaces the last, and the user sees it marked unread. */
export function ReplyForm({ id, reply }: { id: string; reply: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useReplyFeedback();
  const [text, setText] = useState(reply ?? '');
  const [problem, setProblem] = useState<string>();

  function submit() {
    const found = contractProblems(replyFeedback.body, { id, reply: text })['reply'];
    setProblem(found);
    if (!found) send.mutate({ id, reply: text }, { onSuccess: () => void message.success(t('feedback.replied')) });
  }

  return (
    <Form layout="vertical" onFinish={submit} disabled={send.isPending}>
      <Form.Item label={t('feedback.reply')} validateStatus={problem ? 'error' : undefined} help={problem}>
        <Input.TextArea aria-label={t('feedback.reply')} rows={3} maxLength={FEEDBACK_REPLY_MAX} showCount value={text} onChange={(event) => setText(event.target.value)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {t(reply ? 'feedback.replace' : 'feedback.send')}
      </Button>
    </Form>
  );
}
