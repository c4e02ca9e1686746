import { ComingSoon } from '../../../components/coming-soon';

export default function WidhtPage() {
  return <ComingSoon />;
}
