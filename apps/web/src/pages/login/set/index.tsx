import { ComingSoon } from '../../../components/coming-soon';

export default function SetPage() {
  return <ComingSoon />;
}
