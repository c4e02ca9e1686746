import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { setSessionEndedHandler } from './api/client';
import { createQueryClient, setFailureHandler } from './api/query-client';
import { PATHS } from './navigation/paths';
import { signInState } from './navigation/sign-in-return';
import { router } from './routes/router';

// The client knows no routes: here the console says where an ended session leads.
setSessionEndedHandler(() => {
  const { location } = router.state;
  if (location.pathname !== PATHS.signIn) void router.navigate(PATHS.signIn, { replace: true, state: signInState(location) });
});

/** Failed actions show the server's words at the top of the screen. */
function FailureMessages() {
  const { message } = AntdApp.useApp();
  useEffect(() => setFailureHandler((text) => void message.error(text)), [message]);
  return null;
}

/**
 * A tag's text is its colour's shade 7, too pale on its own light background for these four.
 * antd keeps each shade under two names (`green7` and `green-7`, which names the CSS variable): both change.
 */
const darkerTagText = Object.fromEntries(
  Object.entries({ green: '#237804', orange: '#ad4e00', gold: '#874d00', cyan: '#006d75' }).flatMap(([colour, text]) => [
    [`${colour}7`, text],
    [`${colour}-7`, text],
  ]),
);

/**
 * The app's bright blue and status colours at WCAG AA (4.5:1 on white and on
 * antd's pale tints); antd's defaults (#1677ff, #ff4d4f, #faad14, #52c41a,
 * and 45 % black for descriptions) are below it.
 */
const CONSOLE_THEME = {
  token: {
    colorPrimary: '#0b63e5',
    colorInfo: '#0b63e5',
    colorError: '#cf1322',
    colorWarning: '#ad4e00',
    colorSuccess: '#007a47',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // White on the default hover blue is 3.6:1; a darker hover keeps 4.5:1.
    colorPrimaryHover: '#0a56c7',
    ...darkerTagText,
  },
};

export function App() {
  const { i18n } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  const chinese = i18n.language === 'zh-CN';
  useEffect(() => {
    dayjs.locale(chinese ? 'zh-cn' : 'en');
  }, [chinese]);
  return (
    <ConfigProvider locale={chinese ? zhCN : enUS} theme={CONSOLE_THEME}>
      <AntdApp>
        <FailureMessages />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
