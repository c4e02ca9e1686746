import { ComingSoon } from '../../../components/coming-soon';

export default function FeedbackPage() {
  return <ComingSoon />;
}
