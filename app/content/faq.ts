// Static FAQ content for the /faq page. Data only: no UI concerns.
// The product name and support email are passed in so the text follows the
// site's branding; an empty name falls back to "Phrasewise".

export type FaqCategoryId = "general" | "account" | "subscription" | "technical";

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: FaqCategoryId;
  title: string;
  items: FaqItem[];
}

const DEFAULT_SITE_NAME = "Phrasewise";

export function faqCategories(site: { name: string; supportEmail: string }): FaqCategory[] {
  const name = site.name.trim() || DEFAULT_SITE_NAME;
  const email = site.supportEmail.trim();

  return [
    {
      id: "general",
      title: "General",
      items: [
        {
          id: "what-is-the-service",
          question: `What is ${name}?`,
          answer: `${name} helps you learn practical everyday phrases in a new language, each with native-speaker audio pronunciations. You can learn on the website or in our companion mobile app. Join over 10,000 language learners who use ${name} to get by in real conversations.`,
        },
        {
          id: "which-languages",
          question: "Which languages can I learn?",
          answer: "You can currently learn Spanish, French, Italian, German, Japanese, Mandarin Chinese, Portuguese and Russian. New lessons are added over time.",
        },
        {
          id: "how-lessons-are-organized",
          question: "How are the lessons organized?",
          answer: "Pick a language, then a level (each shows its CEFR label, such as A1 or B2), then a lesson. Each lesson groups useful phrases with their translations and audio.",
        },
        {
          id: "who-records-the-audio",
          question: "Who records the audio?",
          answer: "Phrases come with native-speaker audio pronunciations, so you hear how the words are really said. You can play each recording as often as you like.",
        },
        {
          id: "is-there-a-mobile-app",
          question: `Is there a ${name} mobile app?`,
          answer: `Yes. The ${name} app adds offline learning, progress tracking with personalized recommendations and pronunciation practice. Visit our Download page for the App Store and Google Play links.`,
        },
      ],
    },
    {
      id: "account",
      title: "Account",
      items: [
        {
          id: "do-i-need-an-account",
          question: "Do I need an account to use the site?",
          answer: "No. You can browse languages, lessons and phrases and play the audio without an account. An account lets you save your learning progress and favorite phrases.",
        },
        {
          id: "create-an-account",
          question: "How do I create an account?",
          answer: "Sign up with your email address and a password of at least 6 characters. We then send you a confirmation email: follow the link in it before you sign in for the first time.",
        },
        {
          id: "change-username",
          question: "How do I change my username?",
          answer: "Sign in and open your Profile. Type a new name in the Username field and select Update Profile.",
        },
        {
          id: "forgot-password",
          question: "I forgot my password. What should I do?",
          answer: `Request a password reset and we'll email you a link to choose a new password. If the email doesn't arrive, check your spam folder, or contact us at ${email}.`,
        },
        {
          id: "how-progress-is-tracked",
          question: "How is my progress tracked?",
          answer: "When you're signed in, the lessons you complete are saved to your account. The Progress tab on your Profile shows how many lessons you've completed out of the total for each language you've started, and the app uses this to give you personalized recommendations.",
        },
        {
          id: "delete-account",
          question: "How do I delete my account?",
          answer: `Email us at ${email} from the address linked to your account and ask us to delete it. We'll remove your account, progress and favorite phrases and confirm by email.`,
        },
      ],
    },
    {
      id: "subscription",
      title: "Subscription",
      items: [
        {
          id: "is-it-free",
          question: `Is ${name} free?`,
          answer: `Yes, many lessons are free to use on the website and in the app. Premium unlocks everything and costs 9.99 per month or 79.99 per year, saving over 30% compared with paying monthly.`,
        },
        {
          id: "what-premium-includes",
          question: "What does Premium include?",
          answer: "Premium gives you all lessons and levels, including those marked as premium, plus offline learning, progress tracking and goals, and pronunciation practice in the app.",
        },
        {
          id: "locked-lessons",
          question: "Why are some levels or lessons locked?",
          answer: `Locked levels and lessons are part of the premium content. You can unlock them in the ${name} mobile app.`,
        },
        {
          id: "how-billing-works",
          question: "How am I billed for Premium?",
          answer: "Premium is bought in the mobile app, and your subscription is billed by the App Store or Google Play using the payment method on your store account. We never see or store your card details.",
        },
        {
          id: "cancel-subscription",
          question: "How do I cancel my subscription?",
          answer: "You can cancel at any time in your App Store or Google Play subscription settings. Premium stays active until the end of the period you've already paid for.",
        },
        {
          id: "refunds",
          question: "Can I get a refund?",
          answer: `Because payments are handled by the App Store or Google Play, refunds follow that store's refund policy and are requested through the store. If you need help, write to us at ${email}.`,
        },
      ],
    },
    {
      id: "technical",
      title: "Technical",
      items: [
        {
          id: "offline-learning",
          question: "Can I learn offline?",
          answer: `Yes, offline learning is available in the ${name} mobile app, so you can keep practicing without an internet connection. The website needs a connection to load lessons and audio.`,
        },
        {
          id: "audio-not-playing",
          question: "The audio isn't playing. What can I do?",
          answer: "Check that your device volume is up and not muted, including any silent switch on your phone. Then reload the page or try another browser; if it still doesn't play, contact support and tell us which lesson you were on.",
        },
        {
          id: "supported-devices",
          question: "Which devices are supported?",
          answer: `The website works in current versions of all major browsers on computers, tablets and phones. The ${name} app is available for iPhone and iPad from the App Store and for Android devices from Google Play.`,
        },
        {
          id: "cookie-choice",
          question: "What does the cookie choice mean?",
          answer: "Choosing to accept all allows analytics and advertising storage in your browser; choosing essential only turns both off. The site works the same either way, and you can see the details in our Privacy Policy.",
        },
        {
          id: "contact-support",
          question: "How do I contact support?",
          answer: `Use the contact form on our Support page or email us directly at ${email}. We reply to the email address you give us.`,
        },
      ],
    },
  ];
}
