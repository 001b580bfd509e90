/**
 * Every email and SMS the shop sends, in one place: subject, plain text and HTML in the
 * buyer's language (the seven of the site table), with the shop's branding.
 *
 * Adding a template (e.g. the enterprise "sub-account submitted an order" notice): call
 * `registerTemplate('enterprise.orderSubmitted', (ctx) => ({ subject, paragraphs }))` from your
 * module at import time, then `enqueueEmail(tx, { template: 'enterprise.orderSubmitted', ... })`.
 * The layout (header, footer, HTML escaping, text part) is added here.
 */
import { SITES, isLanguage, type Language, type SiteCode, type CodePurpose } from '@mall/contracts';

export const SHOP_NAME = 'Mall';

export interface TemplateContext {
  lang: Language;
  site: SiteCode;
  /** Template data given to enqueueEmail / enqueueSms (strings and numbers only). */
  data: Record<string, unknown>;
}

/** What a template produces: a subject and paragraphs (plain text; the layout escapes them for HTML). */
export interface TemplateContent {
  subject: string;
  paragraphs: string[];
  /** A short highlighted value (the code) shown large in the HTML part. */
  highlight?: string;
  /** SMS text; defaults to the paragraphs joined. */
  sms?: string;
}

export type TemplateRender = (ctx: TemplateContext) => TemplateContent;

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const templates = new Map<string, TemplateRender>();

/** Adds a template under a key (the hook other modules use for their own notices). */
export function registerTemplate(key: string, render: TemplateRender): void {
  templates.set(key, render);
}

export function hasTemplate(key: string): boolean {
  return templates.has(key);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FOOTER: Record<Language, (site: string) => string> = {
  en: (s) =>
    `You receive this message because of your account at ${SHOP_NAME} ${s}. If this was not you, you can ignore it.`,
  de: (s) =>
    `Sie erhalten diese Nachricht wegen Ihres Kontos bei ${SHOP_NAME} ${s}. Wenn Sie das nicht waren, können Sie sie ignorieren.`,
  ja: (s) =>
    `${SHOP_NAME} ${s} のアカウントに関するお知らせです。お心当たりのない場合は、このメッセージを無視してください。`,
  es: (s) => `Recibe este mensaje por su cuenta en ${SHOP_NAME} ${s}. Si no fue usted, puede ignorarlo.`,
  it: (s) => `Ricevi questo messaggio per il tuo account su ${SHOP_NAME} ${s}. Se non sei stato tu, puoi ignorarlo.`,
  fr: (s) =>
    `Vous recevez ce message en raison de votre compte sur ${SHOP_NAME} ${s}. Si ce n'était pas vous, ignorez-le.`,
  nl: (s) => `U ontvangt dit bericht vanwege uw account bij ${SHOP_NAME} ${s}. Was u dit niet, dan kunt u het negeren.`,
};

/** Renders a template with the layout: multipart text + HTML, and the SMS text. */
export function renderTemplate(
  key: string,
  lang: string,
  site: string,
  data: Record<string, unknown>,
): RenderedMessage {
  const render = templates.get(key);
  if (!render) throw new Error(`unknown message template ${key}`);
  const language: Language = isLanguage(lang) ? lang : 'en';
  const siteCode = (site in SITES ? site : 'US') as SiteCode;
  const content = render({ lang: language, site: siteCode, data });
  const brand = `${SHOP_NAME} · ${SITES[siteCode].name}`;
  const footer = FOOTER[language](SITES[siteCode].name);
  const text = [brand, '', ...content.paragraphs.flatMap((p) => [p, '']), '--', footer].join('\n');
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;background:#1c7ed6;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${content.highlight ? `<p style="margin:8px 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(content.highlight)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#57606a;border-top:1px solid #d0d7de">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return {
    subject: `${content.subject} – ${SHOP_NAME}`,
    text,
    html,
    sms: `${SHOP_NAME}: ${content.sms ?? content.paragraphs.join(' ')}`,
  };
}

// ---------- verification codes ----------

type CodeTexts = {
  subject: Record<CodePurpose, string>;
  body: (code: string, minutes: number) => string;
  sms: (code: string, minutes: number) => string;
  what: Record<CodePurpose, string>;
};

const CODE_TEXTS: Record<Language, CodeTexts> = {
  en: {
    subject: {
      resetPassword: 'Your password reset code',
      bindEmail: 'Confirm your email address',
      bindPhone: 'Confirm your phone number',
      changeEmail: 'Confirm your new email address',
      changePhone: 'Confirm your new phone number',
      verifyOld: 'Confirm it is you',
      deleteAccount: 'Confirm deleting your account',
    },
    what: {
      resetPassword: 'to reset your password',
      bindEmail: 'to add this email address to your account',
      bindPhone: 'to add this phone number to your account',
      changeEmail: 'to change your email address',
      changePhone: 'to change your phone number',
      verifyOld: 'to confirm it is you',
      deleteAccount: 'to delete your account',
    },
    body: (c, m) =>
      `Your verification code is ${c}. It is valid for ${m} minutes and can be used once. Never share it with anyone.`,
    sms: (c, m) => `Your code is ${c} (valid ${m} min). Do not share it.`,
  },
  de: {
    subject: {
      resetPassword: 'Ihr Code zum Zurücksetzen des Passworts',
      bindEmail: 'Bestätigen Sie Ihre E-Mail-Adresse',
      bindPhone: 'Bestätigen Sie Ihre Telefonnummer',
      changeEmail: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      changePhone: 'Bestätigen Sie Ihre neue Telefonnummer',
      verifyOld: 'Bestätigen Sie, dass Sie es sind',
      deleteAccount: 'Bestätigen Sie die Löschung Ihres Kontos',
    },
    what: {
      resetPassword: 'um Ihr Passwort zurückzusetzen',
      bindEmail: 'um diese E-Mail-Adresse Ihrem Konto hinzuzufügen',
      bindPhone: 'um diese Telefonnummer Ihrem Konto hinzuzufügen',
      changeEmail: 'um Ihre E-Mail-Adresse zu ändern',
      changePhone: 'um Ihre Telefonnummer zu ändern',
      verifyOld: 'um zu bestätigen, dass Sie es sind',
      deleteAccount: 'um Ihr Konto zu löschen',
    },
    body: (c, m) =>
      `Ihr Bestätigungscode lautet ${c}. Er ist ${m} Minuten gültig und kann einmal verwendet werden. Geben Sie ihn niemals weiter.`,
    sms: (c, m) => `Ihr Code: ${c} (${m} Min. gültig). Nicht weitergeben.`,
  },
  ja: {
    subject: {
      resetPassword: 'パスワード再設定の確認コード',
      bindEmail: 'メールアドレスの確認',
      bindPhone: '電話番号の確認',
      changeEmail: '新しいメールアドレスの確認',
      changePhone: '新しい電話番号の確認',
      verifyOld: 'ご本人確認',
      deleteAccount: 'アカウント削除の確認',
    },
    what: {
      resetPassword: 'パスワードを再設定するため',
      bindEmail: 'このメールアドレスをアカウントに追加するため',
      bindPhone: 'この電話番号をアカウントに追加するため',
      changeEmail: 'メールアドレスを変更するため',
      changePhone: '電話番号を変更するため',
      verifyOld: 'ご本人確認のため',
      deleteAccount: 'アカウントを削除するため',
    },
    body: (c, m) => `確認コードは ${c} です。有効期限は${m}分で、1回のみ使用できます。誰にも教えないでください。`,
    sms: (c, m) => `確認コード: ${c}（${m}分間有効）。他人に教えないでください。`,
  },
  es: {
    subject: {
      resetPassword: 'Su código para restablecer la contraseña',
      bindEmail: 'Confirme su correo electrónico',
      bindPhone: 'Confirme su número de teléfono',
      changeEmail: 'Confirme su nuevo correo electrónico',
      changePhone: 'Confirme su nuevo número de teléfono',
      verifyOld: 'Confirme que es usted',
      deleteAccount: 'Confirme la eliminación de su cuenta',
    },
    what: {
      resetPassword: 'para restablecer su contraseña',
      bindEmail: 'para añadir este correo a su cuenta',
      bindPhone: 'para añadir este teléfono a su cuenta',
      changeEmail: 'para cambiar su correo electrónico',
      changePhone: 'para cambiar su número de teléfono',
      verifyOld: 'para confirmar que es usted',
      deleteAccount: 'para eliminar su cuenta',
    },
    body: (c, m) =>
      `Su código de verificación es ${c}. Es válido durante ${m} minutos y solo se puede usar una vez. No lo comparta con nadie.`,
    sms: (c, m) => `Su código es ${c} (válido ${m} min). No lo comparta.`,
  },
  it: {
    subject: {
      resetPassword: 'Il tuo codice per reimpostare la password',
      bindEmail: 'Conferma il tuo indirizzo email',
      bindPhone: 'Conferma il tuo numero di telefono',
      changeEmail: 'Conferma il nuovo indirizzo email',
      changePhone: 'Conferma il nuovo numero di telefono',
      verifyOld: 'Conferma che sei tu',
      deleteAccount: "Conferma l'eliminazione dell'account",
    },
    what: {
      resetPassword: 'per reimpostare la password',
      bindEmail: "per aggiungere questa email all'account",
      bindPhone: "per aggiungere questo numero all'account",
      changeEmail: "per cambiare l'indirizzo email",
      changePhone: 'per cambiare il numero di telefono',
      verifyOld: 'per confermare che sei tu',
      deleteAccount: "per eliminare l'account",
    },
    body: (c, m) =>
      `Il tuo codice di verifica è ${c}. È valido per ${m} minuti e può essere usato una sola volta. Non condividerlo con nessuno.`,
    sms: (c, m) => `Il tuo codice è ${c} (valido ${m} min). Non condividerlo.`,
  },
  fr: {
    subject: {
      resetPassword: 'Votre code de réinitialisation du mot de passe',
      bindEmail: 'Confirmez votre adresse e-mail',
      bindPhone: 'Confirmez votre numéro de téléphone',
      changeEmail: 'Confirmez votre nouvelle adresse e-mail',
      changePhone: 'Confirmez votre nouveau numéro',
      verifyOld: "Confirmez qu'il s'agit bien de vous",
      deleteAccount: 'Confirmez la suppression de votre compte',
    },
    what: {
      resetPassword: 'pour réinitialiser votre mot de passe',
      bindEmail: 'pour ajouter cette adresse à votre compte',
      bindPhone: 'pour ajouter ce numéro à votre compte',
      changeEmail: 'pour changer votre adresse e-mail',
      changePhone: 'pour changer votre numéro',
      verifyOld: "pour confirmer qu'il s'agit de vous",
      deleteAccount: 'pour supprimer votre compte',
    },
    body: (c, m) =>
      `Votre code de vérification est ${c}. Il est valable ${m} minutes et ne peut servir qu'une fois. Ne le communiquez à personne.`,
    sms: (c, m) => `Votre code : ${c} (valable ${m} min). Ne le partagez pas.`,
  },
  nl: {
    subject: {
      resetPassword: 'Uw code om het wachtwoord te herstellen',
      bindEmail: 'Bevestig uw e-mailadres',
      bindPhone: 'Bevestig uw telefoonnummer',
      changeEmail: 'Bevestig uw nieuwe e-mailadres',
      changePhone: 'Bevestig uw nieuwe telefoonnummer',
      verifyOld: 'Bevestig dat u het bent',
      deleteAccount: 'Bevestig het verwijderen van uw account',
    },
    what: {
      resetPassword: 'om uw wachtwoord te herstellen',
      bindEmail: 'om dit e-mailadres aan uw account toe te voegen',
      bindPhone: 'om dit nummer aan uw account toe te voegen',
      changeEmail: 'om uw e-mailadres te wijzigen',
      changePhone: 'om uw telefoonnummer te wijzigen',
      verifyOld: 'om te bevestigen dat u het bent',
      deleteAccount: 'om uw account te verwijderen',
    },
    body: (c, m) =>
      `Uw verificatiecode is ${c}. Deze is ${m} minuten geldig en kan één keer worden gebruikt. Deel hem met niemand.`,
    sms: (c, m) => `Uw code is ${c} (${m} min geldig). Niet delen.`,
  },
};

const PURPOSE_INTRO: Record<Language, (what: string) => string> = {
  en: (w) => `Use the code below ${w}.`,
  de: (w) => `Verwenden Sie den folgenden Code, ${w}.`,
  ja: (w) => `${w}、以下のコードを入力してください。`,
  es: (w) => `Use el siguiente código ${w}.`,
  it: (w) => `Usa il codice qui sotto ${w}.`,
  fr: (w) => `Utilisez le code ci-dessous ${w}.`,
  nl: (w) => `Gebruik de onderstaande code ${w}.`,
};

/** Template key of the verification code mail / SMS for a purpose. */
export const codeTemplate = (purpose: CodePurpose) => `code.${purpose}`;

for (const purpose of Object.keys(CODE_TEXTS.en.subject) as CodePurpose[]) {
  registerTemplate(codeTemplate(purpose), ({ lang, data }) => {
    const t = CODE_TEXTS[lang];
    const code = String(data.code);
    const minutes = Number(data.minutes ?? 10);
    return {
      subject: t.subject[purpose],
      paragraphs: [PURPOSE_INTRO[lang](t.what[purpose]), t.body(code, minutes)],
      highlight: code,
      sms: t.sms(code, minutes),
    };
  });
}

// ---------- password changed ----------

const PASSWORD_CHANGED: Record<Language, { subject: string; body: string; help: string }> = {
  en: {
    subject: 'Your password was changed',
    body: 'The password of your account was just changed, and every other signed-in device was signed out.',
    help: 'If you did not do this, reset your password right away with "Forgot password?" on the login page.',
  },
  de: {
    subject: 'Ihr Passwort wurde geändert',
    body: 'Das Passwort Ihres Kontos wurde soeben geändert; alle anderen angemeldeten Geräte wurden abgemeldet.',
    help: 'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite zurück.',
  },
  ja: {
    subject: 'パスワードが変更されました',
    body: 'アカウントのパスワードが変更され、他のすべての端末からログアウトしました。',
    help: 'お心当たりのない場合は、ログイン画面の「パスワードをお忘れですか？」からすぐに再設定してください。',
  },
  es: {
    subject: 'Su contraseña ha cambiado',
    body: 'La contraseña de su cuenta acaba de cambiar y se cerró la sesión en todos los demás dispositivos.',
    help: 'Si no fue usted, restablezca su contraseña de inmediato con «¿Olvidó su contraseña?» en la página de acceso.',
  },
  it: {
    subject: 'La tua password è stata cambiata',
    body: 'La password del tuo account è appena stata cambiata e tutti gli altri dispositivi sono stati disconnessi.',
    help: 'Se non sei stato tu, reimposta subito la password con "Password dimenticata?" nella pagina di accesso.',
  },
  fr: {
    subject: 'Votre mot de passe a été modifié',
    body: "Le mot de passe de votre compte vient d'être modifié et tous les autres appareils ont été déconnectés.",
    help: "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe via « Mot de passe oublié ? » sur la page de connexion.",
  },
  nl: {
    subject: 'Uw wachtwoord is gewijzigd',
    body: 'Het wachtwoord van uw account is zojuist gewijzigd en alle andere apparaten zijn afgemeld.',
    help: 'Was u dit niet? Herstel dan meteen uw wachtwoord via "Wachtwoord vergeten?" op de inlogpagina.',
  },
};
/** A notice mail: a subject, what happened and what to do, in the buyer's language. */
function registerNotice(key: string, texts: Record<Language, { subject: string; body: string; help: string }>): void {
  registerTemplate(key, ({ lang }) => ({
    subject: texts[lang].subject,
    paragraphs: [texts[lang].body, texts[lang].help],
  }));
}
registerNotice('passwordChanged', PASSWORD_CHANGED);

// ---------- login limit reached (to the owner) ----------

const LOGIN_LIMIT: Record<Language, { subject: string; body: string; help: string }> = {
  en: {
    subject: 'Several failed sign-in attempts on your account',
    body: 'Someone entered a wrong password for your account several times. Until things calm down, signing in also asks for a quick "I am human" check; your password still works.',
    help: 'If this was not you, consider changing your password.',
  },
  de: {
    subject: 'Mehrere fehlgeschlagene Anmeldeversuche',
    body: 'Für Ihr Konto wurde mehrmals ein falsches Passwort eingegeben. Vorerst verlangt die Anmeldung zusätzlich eine kurze „Ich bin ein Mensch“-Prüfung; Ihr Passwort funktioniert weiterhin.',
    help: 'Wenn Sie das nicht waren, ändern Sie am besten Ihr Passwort.',
  },
  ja: {
    subject: 'ログインの失敗が続いています',
    body: 'お客様のアカウントで誤ったパスワードが複数回入力されました。しばらくの間、ログイン時に簡単なロボット確認が必要になります。パスワードはそのまま使えます。',
    help: 'お心当たりのない場合は、パスワードの変更をご検討ください。',
  },
  es: {
    subject: 'Varios intentos fallidos de acceso a su cuenta',
    body: 'Alguien introdujo varias veces una contraseña incorrecta para su cuenta. Por ahora, el acceso pide también una breve comprobación «soy humano»; su contraseña sigue funcionando.',
    help: 'Si no fue usted, le recomendamos cambiar su contraseña.',
  },
  it: {
    subject: 'Diversi tentativi di accesso non riusciti',
    body: 'Qualcuno ha inserito più volte una password errata per il tuo account. Per ora l\'accesso richiede anche una breve verifica "non sono un robot"; la tua password funziona ancora.',
    help: 'Se non sei stato tu, valuta di cambiare la password.',
  },
  fr: {
    subject: 'Plusieurs tentatives de connexion échouées',
    body: "Un mot de passe erroné a été saisi plusieurs fois pour votre compte. Pour l'instant, la connexion demande aussi une brève vérification « je suis humain » ; votre mot de passe fonctionne toujours.",
    help: "Si ce n'était pas vous, pensez à changer votre mot de passe.",
  },
  nl: {
    subject: 'Meerdere mislukte inlogpogingen',
    body: 'Iemand heeft meerdere keren een verkeerd wachtwoord voor uw account ingevoerd. Voorlopig vraagt inloggen ook een korte "ik ben een mens"-controle; uw wachtwoord werkt nog steeds.',
    help: 'Was u dit niet? Overweeg dan uw wachtwoord te wijzigen.',
  },
};
registerNotice('loginLimit', LOGIN_LIMIT);
