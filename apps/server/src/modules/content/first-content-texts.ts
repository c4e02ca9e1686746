import type { Language } from '@wallet/contract';
import type { Translations } from './texts.js';

/** The first start's texts (PRODUCT §11) in every language the app speaks; the operator edits them in the console. */
interface FirstTexts {
  welcomeTitle: string;
  welcome: [string, string];
  bannerTitle: string;
  aboutTitle: string;
  about: string;
  agreementTitle: string;
  agreementHeading: string;
  agreement: [string, string, string];
}

const ENGLISH: FirstTexts = {
  welcomeTitle: 'Welcome',
  welcome: [
    'Welcome! Top up under Mine → Recharge, place orders on the Project tab, and find every movement of your money under Mine → Assets.',
    "Each dice result comes from a seed whose hash is published before the period opens: open the project's history and press Verify to check any draw yourself.",
  ],
  bannerTitle: 'Provably fair dice: check every draw yourself',
  aboutTitle: 'About us',
  about: 'We run a wallet and a provably fair dice game. Every cent on your account is recorded in a double-entry ledger, and every draw can be checked in your own browser.',
  agreementTitle: 'User agreement',
  agreementHeading: 'Terms of use',
  agreement: [
    'By registering you agree to use this service only for lawful purposes, to keep your login password and payment password secret, and to give true information.',
    'Recharges are credited after review. Withdrawals are paid to the bank card you enter, after review, less the fee shown before you confirm.',
    'We keep a record of every movement of money on your account. Contact customer service with any question about your account.',
  ],
};

const SIMPLIFIED: FirstTexts = {
  welcomeTitle: '欢迎',
  welcome: [
    '欢迎！在「我的 → 充值」中充值，在「项目」页下单，在「我的 → 资产」中查看每一笔资金变动。',
    '每期骰子结果都来自一个种子，其哈希值在该期开始前公布：打开项目的历史记录，点击「验证」即可亲自核对任何一期开奖。',
  ],
  bannerTitle: '可验证公平的骰子：每一期都能亲自核对',
  aboutTitle: '关于我们',
  about: '我们提供钱包服务和可验证公平的骰子游戏。您账户中的每一分钱都记录在复式账本中，每一期开奖都可以在您自己的浏览器中核对。',
  agreementTitle: '用户协议',
  agreementHeading: '使用条款',
  agreement: [
    '注册即表示您同意仅将本服务用于合法目的，妥善保管登录密码和支付密码，并提供真实信息。',
    '充值经审核后到账。提现经审核后打入您填写的银行卡，并扣除确认前显示的手续费。',
    '我们记录您账户的每一笔资金变动。如对账户有任何疑问，请联系客服。',
  ],
};

const TRADITIONAL: FirstTexts = {
  welcomeTitle: '歡迎',
  welcome: [
    '歡迎！在「我的 → 儲值」中儲值，在「項目」頁下單，在「我的 → 資產」中查看每一筆資金變動。',
    '每期骰子結果都來自一個種子，其雜湊值在該期開始前公布：打開項目的歷史紀錄，點擊「驗證」即可親自核對任何一期開獎。',
  ],
  bannerTitle: '可驗證公平的骰子：每一期都能親自核對',
  aboutTitle: '關於我們',
  about: '我們提供錢包服務和可驗證公平的骰子遊戲。您帳戶中的每一分錢都記錄在複式帳本中，每一期開獎都可以在您自己的瀏覽器中核對。',
  agreementTitle: '用戶協議',
  agreementHeading: '使用條款',
  agreement: [
    '註冊即表示您同意僅將本服務用於合法目的，妥善保管登入密碼和支付密碼，並提供真實資訊。',
    '儲值經審核後入帳。提現經審核後匯入您填寫的銀行卡，並扣除確認前顯示的手續費。',
    '我們記錄您帳戶的每一筆資金變動。如對帳戶有任何疑問，請聯繫客服。',
  ],
};

const TEXTS: Record<Exclude<Language, 'en' | 'en-US' | 'zh-CN' | 'zh-TW'>, FirstTexts> = {
  ar: {
    welcomeTitle: 'مرحبًا',
    welcome: [
      'مرحبًا! اشحن رصيدك من «حسابي ← الشحن»، وضع طلباتك في تبويب «المشروع»، وستجد كل حركة لأموالك في «حسابي ← الأصول».',
      'تأتي كل نتيجة نرد من بذرة يُنشر تجزيئها قبل بدء الجولة: افتح سجل المشروع واضغط «تحقّق» لتتأكد بنفسك من أي سحب.',
    ],
    bannerTitle: 'نرد عادل قابل للإثبات: تحقّق من كل سحب بنفسك',
    aboutTitle: 'من نحن',
    about: 'نقدّم محفظة ولعبة نرد عادلة قابلة للإثبات. يُسجَّل كل سنت في حسابك في دفتر قيد مزدوج، ويمكن التحقق من كل سحب في متصفحك.',
    agreementTitle: 'اتفاقية المستخدم',
    agreementHeading: 'شروط الاستخدام',
    agreement: [
      'بالتسجيل توافق على استخدام هذه الخدمة لأغراض مشروعة فقط، وعلى الحفاظ على سرية كلمة مرور الدخول وكلمة مرور الدفع، وعلى تقديم معلومات صحيحة.',
      'يُضاف الشحن بعد المراجعة. تُدفع السحوبات إلى البطاقة المصرفية التي تُدخلها بعد المراجعة، مخصومًا منها الرسم المعروض قبل التأكيد.',
      'نحتفظ بسجل لكل حركة أموال في حسابك. تواصل مع خدمة العملاء لأي سؤال عن حسابك.',
    ],
  },
  de: {
    welcomeTitle: 'Willkommen',
    welcome: [
      'Willkommen! Laden Sie unter Mein Konto → Aufladen auf, geben Sie Aufträge im Tab Projekt ab und finden Sie jede Bewegung Ihres Geldes unter Mein Konto → Vermögen.',
      'Jedes Würfelergebnis stammt aus einem Seed, dessen Hash vor Beginn der Runde veröffentlicht wird: Öffnen Sie den Verlauf des Projekts und tippen Sie auf Prüfen, um jede Ziehung selbst zu prüfen.',
    ],
    bannerTitle: 'Nachweislich faire Würfel: Prüfen Sie jede Ziehung selbst',
    aboutTitle: 'Über uns',
    about: 'Wir betreiben eine Wallet und ein nachweislich faires Würfelspiel. Jeder Cent auf Ihrem Konto wird in einem doppelten Hauptbuch erfasst, und jede Ziehung lässt sich in Ihrem eigenen Browser prüfen.',
    agreementTitle: 'Nutzungsvereinbarung',
    agreementHeading: 'Nutzungsbedingungen',
    agreement: [
      'Mit der Registrierung stimmen Sie zu, diesen Dienst nur zu rechtmäßigen Zwecken zu nutzen, Ihr Anmelde- und Ihr Zahlungspasswort geheim zu halten und wahre Angaben zu machen.',
      'Aufladungen werden nach Prüfung gutgeschrieben. Auszahlungen gehen nach Prüfung auf die angegebene Bankkarte, abzüglich der vor der Bestätigung angezeigten Gebühr.',
      'Wir zeichnen jede Geldbewegung auf Ihrem Konto auf. Wenden Sie sich bei Fragen zu Ihrem Konto an den Kundendienst.',
    ],
  },
  es: {
    welcomeTitle: 'Bienvenido',
    welcome: [
      '¡Bienvenido! Recarga en Mi cuenta → Recargar, haz pedidos en la pestaña Proyecto y consulta cada movimiento de tu dinero en Mi cuenta → Activos.',
      'Cada resultado de los dados sale de una semilla cuyo hash se publica antes de que abra el periodo: abre el historial del proyecto y pulsa Verificar para comprobar tú mismo cualquier sorteo.',
    ],
    bannerTitle: 'Dados demostrablemente justos: comprueba cada sorteo tú mismo',
    aboutTitle: 'Quiénes somos',
    about: 'Ofrecemos un monedero y un juego de dados demostrablemente justo. Cada céntimo de tu cuenta se registra en un libro de partida doble y cada sorteo se puede comprobar en tu propio navegador.',
    agreementTitle: 'Acuerdo de usuario',
    agreementHeading: 'Condiciones de uso',
    agreement: [
      'Al registrarte aceptas usar este servicio solo con fines lícitos, mantener en secreto tu contraseña de acceso y tu contraseña de pago, y dar información veraz.',
      'Las recargas se abonan tras su revisión. Los retiros se pagan, tras su revisión, a la tarjeta bancaria que indiques, menos la comisión mostrada antes de confirmar.',
      'Registramos cada movimiento de dinero de tu cuenta. Contacta con atención al cliente para cualquier duda sobre tu cuenta.',
    ],
  },
  fr: {
    welcomeTitle: 'Bienvenue',
    welcome: [
      'Bienvenue ! Rechargez dans Mon compte → Recharger, passez vos ordres dans l’onglet Projet et retrouvez chaque mouvement de votre argent dans Mon compte → Actifs.',
      'Chaque résultat de dés provient d’une graine dont l’empreinte est publiée avant l’ouverture de la période : ouvrez l’historique du projet et touchez Vérifier pour contrôler vous-même n’importe quel tirage.',
    ],
    bannerTitle: 'Des dés équitables et prouvables : vérifiez chaque tirage vous-même',
    aboutTitle: 'À propos de nous',
    about: 'Nous proposons un portefeuille et un jeu de dés équitable et prouvable. Chaque centime de votre compte est inscrit dans un grand livre en partie double, et chaque tirage peut être vérifié dans votre propre navigateur.',
    agreementTitle: 'Contrat d’utilisation',
    agreementHeading: 'Conditions d’utilisation',
    agreement: [
      'En vous inscrivant, vous acceptez d’utiliser ce service uniquement à des fins licites, de garder secrets votre mot de passe de connexion et votre mot de passe de paiement, et de fournir des informations exactes.',
      'Les recharges sont créditées après examen. Les retraits sont versés, après examen, sur la carte bancaire indiquée, moins les frais affichés avant confirmation.',
      'Nous conservons une trace de chaque mouvement d’argent sur votre compte. Contactez le service client pour toute question sur votre compte.',
    ],
  },
  hi: {
    welcomeTitle: 'स्वागत है',
    welcome: [
      'स्वागत है! मेरा → रिचार्ज में टॉप अप करें, प्रोजेक्ट टैब पर ऑर्डर दें, और अपने पैसे की हर गतिविधि मेरा → संपत्ति में देखें।',
      'हर पासे का परिणाम एक सीड से आता है जिसका हैश अवधि शुरू होने से पहले प्रकाशित होता है: प्रोजेक्ट का इतिहास खोलें और किसी भी ड्रॉ को खुद जाँचने के लिए सत्यापित करें दबाएँ।',
    ],
    bannerTitle: 'सिद्ध रूप से निष्पक्ष पासा: हर ड्रॉ खुद जाँचें',
    aboutTitle: 'हमारे बारे में',
    about: 'हम एक वॉलेट और सिद्ध रूप से निष्पक्ष पासे का खेल चलाते हैं। आपके खाते का हर पैसा दोहरी प्रविष्टि बहीखाते में दर्ज होता है, और हर ड्रॉ आपके अपने ब्राउज़र में जाँचा जा सकता है।',
    agreementTitle: 'उपयोगकर्ता अनुबंध',
    agreementHeading: 'उपयोग की शर्तें',
    agreement: [
      'पंजीकरण करके आप सहमत होते हैं कि इस सेवा का उपयोग केवल वैध उद्देश्यों के लिए करेंगे, अपना लॉगिन पासवर्ड और भुगतान पासवर्ड गुप्त रखेंगे, और सही जानकारी देंगे।',
      'रिचार्ज समीक्षा के बाद जमा होते हैं। निकासी समीक्षा के बाद आपके दर्ज किए गए बैंक कार्ड में भेजी जाती है, पुष्टि से पहले दिखाया गया शुल्क घटाकर।',
      'हम आपके खाते में पैसे की हर गतिविधि का रिकॉर्ड रखते हैं। अपने खाते के बारे में किसी भी प्रश्न के लिए ग्राहक सेवा से संपर्क करें।',
    ],
  },
  ja: {
    welcomeTitle: 'ようこそ',
    welcome: [
      'ようこそ！マイページ → チャージで入金し、プロジェクトタブで注文し、資金の動きはすべてマイページ → 資産で確認できます。',
      'サイコロの結果はすべて、期の開始前にハッシュが公開されるシードから決まります。プロジェクトの履歴を開いて「検証」を押せば、どの抽選もご自身で確認できます。',
    ],
    bannerTitle: '証明可能な公平なサイコロ：すべての抽選をご自身で確認',
    aboutTitle: '私たちについて',
    about: '私たちはウォレットと証明可能な公平なサイコロゲームを運営しています。口座の1セント単位まで複式簿記の台帳に記録され、すべての抽選はお使いのブラウザで確認できます。',
    agreementTitle: '利用規約',
    agreementHeading: 'ご利用条件',
    agreement: [
      '登録することで、本サービスを合法的な目的にのみ利用し、ログインパスワードと支払いパスワードを秘密に保ち、正確な情報を提供することに同意したものとみなされます。',
      'チャージは審査後に入金されます。出金は審査後、入力された銀行カードへ、確認前に表示された手数料を差し引いて支払われます。',
      '口座の資金の動きはすべて記録しています。口座についてのご質問はカスタマーサービスまでお問い合わせください。',
    ],
  },
  ko: {
    welcomeTitle: '환영합니다',
    welcome: [
      '환영합니다! 내 정보 → 충전에서 충전하고, 프로젝트 탭에서 주문하며, 내 정보 → 자산에서 모든 자금 변동을 확인하세요.',
      '모든 주사위 결과는 회차가 열리기 전에 해시가 공개되는 시드에서 나옵니다. 프로젝트 기록을 열고 검증을 누르면 어떤 추첨이든 직접 확인할 수 있습니다.',
    ],
    bannerTitle: '증명 가능한 공정한 주사위: 모든 추첨을 직접 확인하세요',
    aboutTitle: '회사 소개',
    about: '저희는 지갑과 증명 가능한 공정한 주사위 게임을 운영합니다. 계정의 모든 금액은 복식부기 원장에 기록되며, 모든 추첨은 사용자의 브라우저에서 직접 확인할 수 있습니다.',
    agreementTitle: '이용 약관',
    agreementHeading: '이용 조건',
    agreement: [
      '가입하면 이 서비스를 합법적인 목적으로만 사용하고, 로그인 비밀번호와 결제 비밀번호를 비밀로 유지하며, 사실대로 정보를 제공하는 데 동의하는 것입니다.',
      '충전은 검토 후 입금됩니다. 출금은 검토 후 입력한 은행 카드로, 확인 전에 표시된 수수료를 뺀 금액이 지급됩니다.',
      '계정의 모든 자금 변동을 기록합니다. 계정에 관한 문의는 고객센터로 연락해 주세요.',
    ],
  },
  ms: {
    welcomeTitle: 'Selamat datang',
    welcome: [
      'Selamat datang! Tambah nilai di Saya → Tambah Nilai, buat pesanan di tab Projek, dan lihat setiap pergerakan wang anda di Saya → Aset.',
      'Setiap keputusan dadu datang daripada benih yang hashnya diterbitkan sebelum pusingan dibuka: buka sejarah projek dan tekan Sahkan untuk menyemak sendiri mana-mana cabutan.',
    ],
    bannerTitle: 'Dadu yang terbukti adil: semak sendiri setiap cabutan',
    aboutTitle: 'Tentang kami',
    about: 'Kami mengendalikan dompet dan permainan dadu yang terbukti adil. Setiap sen dalam akaun anda direkodkan dalam lejar catatan bergu, dan setiap cabutan boleh disemak dalam pelayar anda sendiri.',
    agreementTitle: 'Perjanjian pengguna',
    agreementHeading: 'Terma penggunaan',
    agreement: [
      'Dengan mendaftar, anda bersetuju menggunakan perkhidmatan ini untuk tujuan yang sah sahaja, merahsiakan kata laluan log masuk dan kata laluan pembayaran anda, dan memberikan maklumat yang benar.',
      'Tambah nilai dikreditkan selepas semakan. Pengeluaran dibayar ke kad bank yang anda masukkan selepas semakan, ditolak yuran yang ditunjukkan sebelum anda mengesahkan.',
      'Kami merekodkan setiap pergerakan wang dalam akaun anda. Hubungi khidmat pelanggan untuk sebarang soalan tentang akaun anda.',
    ],
  },
  pt: {
    welcomeTitle: 'Bem-vindo',
    welcome: [
      'Bem-vindo! Recarregue em Meu → Recarregar, faça pedidos na aba Projeto e veja cada movimento do seu dinheiro em Meu → Ativos.',
      'Cada resultado dos dados vem de uma semente cujo hash é publicado antes de o período abrir: abra o histórico do projeto e toque em Verificar para conferir você mesmo qualquer sorteio.',
    ],
    bannerTitle: 'Dados comprovadamente justos: confira cada sorteio você mesmo',
    aboutTitle: 'Sobre nós',
    about: 'Oferecemos uma carteira e um jogo de dados comprovadamente justo. Cada centavo da sua conta é registrado num livro-razão de partidas dobradas, e cada sorteio pode ser conferido no seu próprio navegador.',
    agreementTitle: 'Acordo do usuário',
    agreementHeading: 'Termos de uso',
    agreement: [
      'Ao se registrar, você concorda em usar este serviço apenas para fins lícitos, manter em segredo sua senha de acesso e sua senha de pagamento e fornecer informações verdadeiras.',
      'As recargas são creditadas após análise. Os saques são pagos, após análise, no cartão bancário informado, descontada a taxa mostrada antes da confirmação.',
      'Registramos cada movimento de dinheiro da sua conta. Fale com o atendimento ao cliente sobre qualquer dúvida da sua conta.',
    ],
  },
  ru: {
    welcomeTitle: 'Добро пожаловать',
    welcome: [
      'Добро пожаловать! Пополняйте счёт в разделе Мой → Пополнение, делайте заказы на вкладке Проект и смотрите каждое движение денег в разделе Мой → Активы.',
      'Каждый результат кубиков получается из сида, хеш которого публикуется до открытия тиража: откройте историю проекта и нажмите «Проверить», чтобы самостоятельно проверить любой розыгрыш.',
    ],
    bannerTitle: 'Доказуемо честные кубики: проверьте каждый розыгрыш сами',
    aboutTitle: 'О нас',
    about: 'Мы предлагаем кошелёк и доказуемо честную игру в кубики. Каждый цент на вашем счёте записан в книгу двойной записи, а каждый розыгрыш можно проверить в вашем собственном браузере.',
    agreementTitle: 'Пользовательское соглашение',
    agreementHeading: 'Условия использования',
    agreement: [
      'Регистрируясь, вы соглашаетесь использовать сервис только в законных целях, хранить в тайне пароль для входа и платёжный пароль и указывать достоверные сведения.',
      'Пополнения зачисляются после проверки. Выводы выплачиваются после проверки на указанную банковскую карту за вычетом комиссии, показанной перед подтверждением.',
      'Мы записываем каждое движение денег на вашем счёте. По любым вопросам о счёте обращайтесь в службу поддержки.',
    ],
  },
};

const html = (texts: FirstTexts) => ({
  welcome: texts.welcome.map((paragraph) => `<p>${paragraph}</p>`).join('\n'),
  about: `<p>${texts.about}</p>`,
  agreement: [`<h2>${texts.agreementHeading}</h2>`, ...texts.agreement.map((paragraph) => `<p>${paragraph}</p>`)].join('\n'),
});

const ALL: [Language, FirstTexts][] = [['en', ENGLISH], ['en-US', ENGLISH], ['zh-CN', SIMPLIFIED], ['zh-TW', TRADITIONAL], ...(Object.entries(TEXTS) as [Language, FirstTexts][])];

function translationsOf(pick: (texts: FirstTexts) => { title: string; content: string }): Translations {
  return Object.fromEntries(ALL.map(([lang, texts]) => [lang, pick(texts)]));
}

/** The first start's items in the default (English) text, each with every language's translation. */
export const FIRST_TEXTS = {
  welcome: { title: ENGLISH.welcomeTitle, content: html(ENGLISH).welcome, translations: translationsOf((t) => ({ title: t.welcomeTitle, content: html(t).welcome })) },
  banner: { title: ENGLISH.bannerTitle, content: '', translations: translationsOf((t) => ({ title: t.bannerTitle, content: '' })) },
  about: { title: ENGLISH.aboutTitle, content: html(ENGLISH).about, translations: translationsOf((t) => ({ title: t.aboutTitle, content: html(t).about })) },
  agreement: { title: ENGLISH.agreementTitle, content: html(ENGLISH).agreement, translations: translationsOf((t) => ({ title: t.agreementTitle, content: html(t).agreement })) },
};
