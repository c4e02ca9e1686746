import type { Page } from '@playwright/test';
import { registerAccount, type Account } from '../support/api';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';

type Lang = 'en' | 'ar';

/** What each account screen says, as a reader of that language sees it. */
const TEXT = {
  en: {
    dir: 'ltr',
    languageName: 'English',
    login: 'Log in',
    welcome: 'Welcome back',
    username: 'Username',
    password: 'Password',
    remember: 'Remember password',
    forgot: 'Forgot password?',
    register: 'Register',
    payPassword: 'Payment password',
    inviteCode: 'Invitation code',
    captcha: 'Picture code',
    contact: 'E-mail or mobile (optional)',
    code: 'Verification code',
    getCode: 'Get code',
    agree: 'I have read and agree to the registration agreement',
    forgotTitle: 'Forgot password',
    forgotHint: 'We send a verification code to the e-mail address or mobile number bound to your account.',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    resetSubmit: 'Reset password',
    mine: 'Mine',
    inviteCodeLabel: 'Invitation code',
    settings: 'Settings',
    language: 'Language',
    logout: 'Log out',
    loginPassword: 'Login password',
    passwordAdvice: 'For your safety, change your password regularly and do not use it anywhere else.',
    currentPassword: 'Current password',
    changePassword: 'Change password',
    payAdvice: 'The payment password confirms withdrawals. Change it regularly and never tell it to anyone.',
    enterNewPay: 'Enter a new 6-digit payment password',
    savePay: 'Save payment password',
    customerService: 'Customer service',
  },
  ar: {
    dir: 'rtl',
    languageName: 'العربية',
    login: 'تسجيل الدخول',
    welcome: 'مرحبًا بعودتك',
    username: 'اسم المستخدم',
    password: 'كلمة المرور',
    remember: 'تذكّر كلمة المرور',
    forgot: 'نسيت كلمة المرور؟',
    register: 'إنشاء حساب',
    payPassword: 'كلمة مرور الدفع',
    inviteCode: 'رمز الدعوة',
    captcha: 'رمز الصورة',
    contact: 'البريد الإلكتروني أو رقم الجوال (اختياري)',
    code: 'رمز التحقق',
    getCode: 'الحصول على الرمز',
    agree: 'قرأت اتفاقية التسجيل وأوافق عليها',
    forgotTitle: 'نسيت كلمة المرور',
    forgotHint: 'سنرسل رمز تحقق إلى البريد الإلكتروني أو رقم الجوال المرتبط بحسابك.',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور الجديدة',
    resetSubmit: 'إعادة تعيين كلمة المرور',
    mine: 'حسابي',
    inviteCodeLabel: 'رمز الدعوة',
    settings: 'الإعدادات',
    language: 'اللغة',
    logout: 'تسجيل الخروج',
    loginPassword: 'كلمة مرور تسجيل الدخول',
    passwordAdvice: 'حفاظًا على أمانك، غيّر كلمة المرور بانتظام ولا تستخدمها في أي مكان آخر.',
    currentPassword: 'كلمة المرور الحالية',
    changePassword: 'تغيير كلمة المرور',
    payAdvice: 'تؤكّد كلمة مرور الدفع عمليات السحب. غيّرها بانتظام ولا تخبر بها أحدًا أبدًا.',
    enterNewPay: 'أدخل كلمة مرور دفع جديدة من 6 أرقام',
    savePay: 'حفظ كلمة مرور الدفع',
    customerService: 'خدمة العملاء',
  },
} satisfies Record<Lang, Record<string, string>>;

type Text = (typeof TEXT)[Lang];

interface Screen {
  name: string;
  path: string;
  signedIn?: boolean;
  /** A tab page: a heading and the tab bar instead of a title bar with back. */
  tab?: boolean;
  check(page: Page, text: Text, account: Account): Promise<void>;
}

const title = (page: Page) => page.locator('.adm-nav-bar-title');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const SCREENS: Screen[] = [
  {
    name: 'login',
    path: '/pages/login/login',
    async check(page, text) {
      await expect(title(page)).toHaveText(text.login);
      await expect(page.getByRole('heading', { name: text.welcome })).toBeVisible();
      await expect(field(page, text.username)).toBeVisible();
      await expect(field(page, text.password)).toBeVisible();
      await expect(page.getByTestId('remember-password')).toHaveText(text.remember);
      await expect(page.getByTestId('forgot-password')).toHaveText(text.forgot);
      await expect(page.getByTestId('login-submit')).toHaveText(text.login);
      await expect(page.getByTestId('language-picker')).toContainText(text.languageName);
    },
  },
  {
    name: 'register',
    path: '/pages/login/reg',
    async check(page, text) {
      await expect(title(page)).toHaveText(text.register);
      for (const label of [text.username, text.password, text.payPassword, text.inviteCode, text.captcha, text.contact, text.code])
        await expect(field(page, label)).toBeVisible();
      await expect(page.getByTestId('captcha-image')).toBeVisible();
      await expect(page.getByTestId('register-send-code')).toHaveText(text.getCode);
      await expect(page.getByTestId('agree')).toHaveText(text.agree);
      await expect(page.getByTestId('register-submit')).toHaveText(text.register);
      // Free text follows what is typed; passwords and codes stay left to right.
      for (const label of [text.username, text.inviteCode, text.contact]) await expect(field(page, label)).toHaveAttribute('dir', 'auto');
      for (const label of [text.password, text.payPassword, text.captcha, text.code]) await expect(field(page, label)).toHaveAttribute('dir', 'ltr');
      // Empty, each hint still reads in the page's direction.
      for (const label of [text.username, text.payPassword]) await expect(field(page, label)).toHaveCSS('direction', text.dir);
    },
  },
  {
    name: 'forgot-password',
    path: '/pages/login/set',
    async check(page, text) {
      await expect(title(page)).toHaveText(text.forgotTitle);
      await expect(page.getByText(text.forgotHint)).toBeVisible();
      for (const label of [text.username, text.code, text.newPassword, text.confirmPassword]) await expect(field(page, label)).toBeVisible();
      await expect(page.getByTestId('reset-send-code')).toHaveText(text.getCode);
      await expect(page.getByTestId('reset-submit')).toHaveText(text.resetSubmit);
    },
  },
  {
    name: 'mine',
    path: '/pages/myindex/user',
    signedIn: true,
    tab: true,
    async check(page, text, account) {
      await expect(page.locator('.app-tab-header h1')).toHaveText(text.mine);
      await expect(page.locator('.adm-tab-bar-item-active')).toHaveText(text.mine);
      await expect(page.getByTestId('profile-username')).toHaveText(account.username);
      await expect(page.getByTestId('profile')).toContainText(text.inviteCodeLabel);
      await expect(page.getByTestId('invite-code')).toHaveText(/^[A-Z0-9]{8}$/);
      await expect(page.locator('.app-menu .adm-list-item').filter({ hasText: text.settings })).toBeVisible();
    },
  },
  {
    name: 'settings',
    path: '/pages/myindex/setting',
    signedIn: true,
    async check(page, text) {
      await expect(title(page)).toHaveText(text.settings);
      await expect(page.getByTestId('language-picker')).toContainText(text.language);
      await expect(page.getByTestId('language-picker')).toContainText(text.languageName);
      await expect(page.getByTestId('settings-login-password')).toHaveText(text.loginPassword);
      await expect(page.getByTestId('settings-pay-password')).toHaveText(text.payPassword);
      await expect(page.getByTestId('logout')).toHaveText(text.logout);
    },
  },
  {
    name: 'customer-service',
    path: '/pages/myindex/setting',
    signedIn: true,
    async check(page, text) {
      await page.getByTestId('customer-service').click();
      const sheet = page.getByTestId('kefu-sheet').locator('.adm-popup-body');
      await expect(sheet.locator('.app-popup-title')).toHaveText(text.customerService);
      // The close "×" sits at the end of the line: right in English, left in Arabic.
      const close = await sheet.locator('.adm-popup-close-icon').boundingBox();
      const middle = (page.viewportSize()?.width ?? 0) / 2;
      expect(close && (text.dir === 'rtl' ? close.x + close.width < middle : close.x > middle), 'close button at the end side').toBe(true);
    },
  },
  {
    name: 'login-password',
    path: '/pages/myindex/password',
    signedIn: true,
    async check(page, text) {
      await expect(title(page)).toHaveText(text.loginPassword);
      await expect(page.getByTestId('password-advice')).toHaveText(text.passwordAdvice);
      for (const label of [text.currentPassword, text.newPassword, text.confirmPassword]) {
        await expect(field(page, label)).toBeVisible();
        await expect(field(page, label)).toHaveAttribute('type', 'password');
      }
      await expect(page.getByTestId('password-submit')).toHaveText(text.changePassword);
    },
  },
  {
    name: 'payment-password',
    path: '/pages/myindex/pass',
    signedIn: true,
    async check(page, text) {
      await expect(title(page)).toHaveText(text.payPassword);
      await expect(page.getByTestId('pay-password-advice')).toHaveText(text.payAdvice);
      await expect(field(page, text.loginPassword)).toBeVisible();
      await expect(page.getByTestId('pay-password-twice')).toContainText(text.enterNewPay);
      // The six boxes stay left to right in every language.
      await expect(page.locator('.app-passcode-box')).toHaveAttribute('dir', 'ltr');
      await expect(page.locator('.adm-passcode-input-cell')).toHaveCount(6);
      await expect(button(page, text.savePay)).toBeVisible();
    },
  },
];

let account: Account;

test.beforeAll(async () => {
  account = await registerAccount('screens');
});

for (const lang of ['en', 'ar'] as const) {
  for (const screen of SCREENS) {
    test(`${screen.name} in ${lang}`, async ({ page }) => {
      const text = TEXT[lang];
      await page.addInitScript(
        ([language, token]) => {
          localStorage.setItem('lang', language);
          if (token) localStorage.setItem('token', token);
        },
        [lang, screen.signedIn ? account.token : ''] as const,
      );
      await page.goto(`./#${screen.path}`);

      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
      await screen.check(page, text, account);
      if (!screen.tab) {
        // Back sits where a reader of the language starts: left in English, right in Arabic.
        const back = await page.locator('.adm-nav-bar-back').boundingBox();
        const middle = (page.viewportSize()?.width ?? 0) / 2;
        expect(back && (lang === 'ar' ? back.x > middle : back.x + back.width < middle), 'back button on the reading side').toBe(true);
      }
      // Fonts and the captcha picture settle before the picture is taken.
      await page.evaluate(() => document.fonts.ready);
      await saveScreenshot(page, `account-${screen.name}-${lang}`);
    });
  }
}
