// Static text for the /privacy-policy and /terms-of-use pages. Data only:
// no UI concerns. The product name and support email are passed in so the
// text follows the site's branding; an empty name falls back to "Phrasewise".

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

const DEFAULT_SITE_NAME = "Phrasewise";
const LAST_UPDATED = "November 21, 2026";

function siteName(site: { name: string }): string {
  return site.name.trim() || DEFAULT_SITE_NAME;
}

export function privacyPolicy(site: { name: string; supportEmail: string }): LegalDocument {
  const name = siteName(site);
  const email = site.supportEmail.trim();

  return {
    title: "Privacy Policy",
    updated: LAST_UPDATED,
    intro: `This policy explains what personal information ${name} collects when you use our website and mobile app, why we collect it, and the choices you have. We keep it short and collect only what we need to help you learn.`,
    sections: [
      {
        heading: "Information we collect",
        paragraphs: [
          "You can browse languages, lessons and phrases and play the audio without giving us any personal information.",
          "If you create an account, we hold your email address, your username, an optional profile picture (avatar), your learning progress for each lesson, and the phrases you save as favorites.",
          "Your password is never stored in readable form. We keep only a salted hash of it, which lets us check your password when you sign in without knowing what it is.",
          "If you contact us through the support form, we keep the name, email address and message you send.",
          "We don't ask for your postal address, phone number or date of birth. Premium subscriptions are paid through the App Store or Google Play, so we never receive your card details.",
        ],
      },
      {
        heading: "How we use your information",
        paragraphs: [
          "We use your account information to sign you in, show your profile, save your progress and favorite phrases, and give you personalized recommendations based on the lessons you have completed.",
          "We use your email address only to confirm your account, to send password reset links, and to reply to messages you send to support.",
          "We use support messages only to answer your question and to improve our help pages.",
        ],
      },
      {
        heading: "Cookies and your consent choice",
        paragraphs: [
          "When you first visit the site, a banner asks how we may use storage in your browser. Your answer is saved in your browser as a setting called cookie_consent_level.",
          "If you choose \"all\", analytics and advertising storage are allowed. This helps us understand how the site is used and measure our promotions. If you choose \"essential\", analytics and advertising storage are both denied, and only what the site needs to work is used.",
          "We also keep a short-lived flag in your browser session to remember that you closed the mobile app download bar. It is removed when you close your browser.",
          "To change your choice, clear this site's cookies and stored data in your browser settings. The banner will then appear again on your next visit.",
        ],
      },
      {
        heading: "Audio and third parties",
        paragraphs: [
          "Phrase audio is served from our own file storage. Playing it does not require an account and does not share your personal information with anyone.",
          "We do not sell your personal information, and none of the service providers we work with sell it either.",
          `We use a small number of trusted providers who process data on our behalf and only on our instructions: a hosting provider that runs our sign-in, database and file storage, and an email provider that delivers account confirmation, password reset and support reply emails.`,
          "If you subscribe to Premium, the App Store or Google Play handles your payment under its own privacy policy.",
          "We may share information if the law requires it, for example in response to a valid request from a court or public authority.",
        ],
      },
      {
        heading: "How long we keep your information",
        paragraphs: [
          "We keep your account information, progress and favorite phrases for as long as your account exists.",
          "When you ask us to delete your account, we delete this information. Copies in our backups are removed as those backups are routinely replaced.",
          "We keep support messages only as long as we need them to deal with your request and any follow-up questions.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          "You can ask us for a copy of the personal information we hold about you, and for an export of it in a common, machine-readable format.",
          "You can correct your information at any time. You can change your username yourself on your Profile page; for anything else, contact us.",
          `You can ask us to delete your account and the information linked to it by emailing ${email}.`,
          "To protect your account, we may ask you to write from the email address linked to it before we act on a request.",
        ],
      },
      {
        heading: "Children",
        paragraphs: [
          `${name} is not directed to children under 13, and we do not knowingly collect personal information from children under 13.`,
          `If you believe a child under 13 has created an account or sent us their details, please contact us at ${email} and we will delete that information.`,
        ],
      },
      {
        heading: "Security",
        paragraphs: [
          "We store passwords only as salted hashes, and access to our administration tools is limited to the people who run the service.",
          "No website or app can be completely secure, but we take reasonable steps to protect your information. Please use a password you don't use anywhere else.",
        ],
      },
      {
        heading: "Changes to this policy",
        paragraphs: [
          "We may update this policy from time to time. When we do, we change the date at the top of this page.",
          "If a change significantly affects how we use your information, we will tell you on the site or by email before it takes effect.",
        ],
      },
      {
        heading: "Contact us",
        paragraphs: [
          `If you have any questions about this policy or your information, email us at ${email} or use the form on our Support page.`,
        ],
      },
    ],
  };
}

export function termsOfUse(site: { name: string; supportEmail: string }): LegalDocument {
  const name = siteName(site);
  const email = site.supportEmail.trim();

  return {
    title: "Terms of Use",
    updated: LAST_UPDATED,
    intro: `These terms set out the rules for using the ${name} website and mobile app. Please read them: they are short, and they explain what you can expect from us and what we expect from you.`,
    sections: [
      {
        heading: "Accepting these terms",
        paragraphs: [
          `By using ${name}, you agree to these terms and to our Privacy Policy. If you don't agree, please don't use the service.`,
          `${name} is not directed to children under 13. If you are under 13, please don't create an account.`,
        ],
      },
      {
        heading: "Your account",
        paragraphs: [
          "An account is for one person only. Please don't share it or create accounts for other people.",
          "Give us accurate information, including an email address you can access, because we use it to confirm your account and reset your password.",
          `Keep your password secret. You are responsible for what happens in your account, so tell us straight away at ${email} if you think someone else has used it.`,
        ],
      },
      {
        heading: "Acceptable use",
        paragraphs: [
          `Use ${name} to learn, and treat the service and other people with respect.`,
          "Don't try to break, overload or get around the security of the service, and don't access parts of it you haven't been given access to.",
          "Don't copy or download our content in bulk, for example with automated tools, and don't use the service to send spam or anything unlawful, offensive or misleading.",
        ],
      },
      {
        heading: "Our content and your license",
        paragraphs: [
          `The phrases, translations, audio recordings, lessons, images and other content on ${name} belong to us or to the people who license them to us.`,
          "We give you a personal, non-transferable permission to use this content for your own non-commercial learning. You may not resell it, republish it, or use it to build another product or course.",
        ],
      },
      {
        heading: "Premium subscriptions",
        paragraphs: [
          "Premium is available in the mobile app and costs 9.99 per month or 79.99 per year, saving over 30% compared with paying monthly.",
          "Your subscription is billed by the App Store or Google Play, and it renews automatically until you cancel.",
          "You can cancel at any time in your store account's subscription settings. Premium then stays active until the end of the period you have paid for.",
          "Refunds are handled by the App Store or Google Play under that store's refund policy.",
        ],
      },
      {
        heading: "Your content",
        paragraphs: [
          "Your username is shown on your profile. Please choose one that is not offensive, does not pretend to be someone else, and does not break anyone else's rights. We may ask you to change it or change it ourselves if it does.",
          "When you send us a support message, you let us use it to answer you and to improve our help pages. We won't publish it.",
        ],
      },
      {
        heading: "Availability and changes",
        paragraphs: [
          `We work to keep ${name} available and accurate, but we can't promise it will always be available without interruption or errors. We may need to pause it for maintenance.`,
          "We may add, change or remove languages, lessons, phrases and features over time.",
          "We may also update these terms. When we do, we change the date at the top of this page, and we will tell you about important changes on the site or by email. If you keep using the service after a change, the updated terms apply.",
        ],
      },
      {
        heading: "Disclaimers and limitation of liability",
        paragraphs: [
          "We take care over our translations and recordings, but language is varied and we can't guarantee that every phrase suits every situation or region.",
          "The service is provided \"as is\". As far as the law allows, we are not responsible for indirect losses, such as lost opportunities or data, that come from using or being unable to use the service.",
          "Nothing in these terms limits any rights you have by law that cannot be limited.",
        ],
      },
      {
        heading: "Ending your use",
        paragraphs: [
          `You can stop using ${name} at any time, and you can ask us to delete your account by emailing ${email}. Canceling a Premium subscription is done separately in your app store account.`,
          "We may suspend or close an account that seriously or repeatedly breaks these terms. Where it is reasonable, we will tell you first and explain why.",
        ],
      },
      {
        heading: "Governing law",
        paragraphs: [
          `These terms are governed by the laws of the country where the operator of ${name} is established. If you live elsewhere, you also keep any protections that the laws of your own country give you.`,
        ],
      },
      {
        heading: "Contact us",
        paragraphs: [
          `If you have any questions about these terms, email us at ${email} or use the form on our Support page.`,
        ],
      },
    ],
  };
}
