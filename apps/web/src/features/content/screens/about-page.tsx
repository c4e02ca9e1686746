import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { aboutQuery } from '../api/content-queries';
import { ContentDocument } from '../components/content-document';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';

/** Who runs the service, in the operator's words and the reader's language. */
export function AboutPage() {
  const { i18n } = useTranslation();
  const { data, error, refetch } = useQuery(aboutQuery(i18n.language));
  if (!data) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  return <ContentDocument title={data.title} html={data.content} />;
}
