import List from 'antd-mobile/es/components/list';
import { ComingSoon } from '../../../components/coming-soon';
import { LanguagePicker } from '../../../components/language-picker';

export default function LoginPage() {
  return (
    <>
      <List className="app-section">
        <LanguagePicker />
      </List>
      <ComingSoon />
    </>
  );
}
