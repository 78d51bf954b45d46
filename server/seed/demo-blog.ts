/**
 * Demo blog posts used to seed a fresh database. `daysAgo` sets the creation
 * date relative to the seeding time; `sample` optionally embeds one audio group
 * from the demo catalogue. Pure data, no logic.
 */

export interface DemoBlogPost {
  title: string;
  excerpt: string;
  content: string;
  published: boolean;
  daysAgo: number;
  sample?: {
    languageId: string;
    levelId: string;
    lessonId: string;
    groupIndex: number;
    sampleTitle?: string;
  };
}

export const demoBlogPosts: DemoBlogPost[] = [
  {
    title: "5 Phrases That Get You Through Your First Day in Madrid",
    excerpt: "Landing in Madrid soon? These five short Spanish phrases will carry you from the airport to your first tapas bar with confidence.",
    content:
      "Your first day in a new city is when a few well-chosen words make the biggest difference. You are tired, a little lost and surrounded by fast Spanish, so the goal is not perfect grammar but simple phrases you can say without thinking.\n" +
      "Here are the five we would pack in your hand luggage for Madrid, all taken from our Beginner lessons.\n" +
      "1. ¡Hola! ¿Qué tal? A friendly hello that works with the hotel receptionist, the taxi driver and the waiter alike. People in Madrid greet each other constantly, and opening with a smile and this phrase changes the tone of any exchange.\n" +
      "2. Perdone, ¿dónde está la estación? Swap in whatever you are looking for: el metro, el hotel, la plaza. The polite 'perdone' gets attention without sounding abrupt, and most people will happily point you in the right direction.\n" +
      "3. Un café con leche, por favor. Breakfast in Madrid often means a quick coffee standing at the bar. Order this and you will blend in with the locals on their way to work.\n" +
      "4. ¿Puedo pagar con tarjeta? Cards are widely accepted, but asking first avoids an awkward moment at the till, especially in small family-run bars.\n" +
      "5. La cuenta, por favor. In Spain the waiter will rarely bring the bill until you ask for it. Lingering at the table is normal, so this phrase is how you signal that you are ready to go.\n" +
      "A quick tip on pronunciation: Spanish vowels are short and clear, and the stress usually falls on the second-to-last syllable unless an accent mark tells you otherwise. Listening to a native speaker a few times before you travel is far more useful than reading the words on a page.\n" +
      "That is why every lesson in Phrasewise comes with native-speaker audio. Play the sample in this post, repeat each phrase out loud, and try to match the rhythm rather than every individual sound.\n" +
      "Master these five phrases and your first day will feel less like survival and more like the start of a great trip. ¡Buen viaje!",
    published: true,
    daysAgo: 3,
    sample: {
      languageId: "spanish",
      levelId: "a1",
      lessonId: "greetings",
      groupIndex: 0,
      sampleTitle: "Listen: Spanish greetings for your first day",
    },
  },
  {
    title: "Why Listening to Native Speakers Beats Memorising Word Lists",
    excerpt: "Word lists feel productive, but real conversations are built from sound and rhythm. Here is why your ears should come before your flashcards.",
    content:
      "Almost every learner starts the same way: a notebook, a long list of words and a promise to learn twenty a day. It feels productive, and for a week or two it is. Then you meet a real person, they say something quickly, and none of those carefully memorised words seem to appear.\n" +
      "The problem is not your memory. Spoken language does not arrive as separate words. It arrives as a continuous stream, with sounds that merge, shrink and change depending on what comes next.\n" +
      "Take French. On paper, 'Je ne sais pas' is four tidy words. In a Paris café you are far more likely to hear something like 'chais pas', said in a single breath. A word list cannot prepare you for that; only your ears can.\n" +
      "Listening to native speakers trains three things at once. First, you learn how words really sound in context, not how you imagine them from the spelling. Second, you pick up rhythm and intonation, which often carry as much meaning as the words themselves. Third, you absorb whole chunks of language, like 'Un café, s'il vous plaît', that you can reuse straight away.\n" +
      "Those chunks are the secret. Fluent speakers do not build every sentence from scratch; they reach for ready-made phrases and adjust them slightly. Learning phrases instead of isolated words gives you the same shortcut from day one.\n" +
      "This does not mean vocabulary lists are useless. They are a fine way to review. But they work best after you have heard the words in a real sentence, when each one already has a sound and a situation attached to it.\n" +
      "A simple routine that works: listen to a short group of phrases two or three times without reading, then read along with the translation, then play it again and speak over the audio, copying the speed and melody. Five minutes of this beats half an hour of silent flashcards.\n" +
      "Every lesson in Phrasewise is built around this idea, with short groups of everyday phrases recorded as audio you can replay as often as you like. Try it with the French café phrases below and notice how much more natural they feel after a few listens.\n" +
      "Your ears are the fastest route to speaking. Give them something real to work with.",
    published: true,
    daysAgo: 10,
    sample: {
      languageId: "french",
      levelId: "a1",
      lessonId: "at-the-cafe",
      groupIndex: 0,
    },
  },
  {
    title: "How to Keep a Daily Practice Streak When You Are Busy",
    excerpt: "You do not need an hour a day to make progress: small, well-placed habits keep your language streak alive even in your busiest weeks.",
    content:
      "Most people do not give up on a language because it is too hard. They give up because life gets busy, a few days slip by, and starting again feels like a chore. The good news is that consistency matters far more than the length of each session.\n" +
      "Here are the habits we see working best for learners with full-time jobs, families and packed calendars.\n" +
      "Shrink the goal. Decide that five minutes counts as a full day of practice. On a good day you will do more, but on a bad day five minutes is still a win, and your streak survives.\n" +
      "Attach it to something you already do. Play one audio group while the kettle boils, on the walk to the station or while you brush your teeth. Linking practice to an existing routine removes the need to find extra time.\n" +
      "Prepare the next step in advance. Before you close a lesson, decide which one comes next. When you sit down tomorrow there is no decision to make, and you can start in seconds.\n" +
      "Use dead time. Queues, short commutes and waiting rooms add up to a surprising amount of practice. Download your lessons before you leave home so you can listen offline, even on the train.\n" +
      "Say it out loud. Repeating a phrase aloud takes the same time as reading it silently but sticks far better. If you are in public, murmuring quietly still counts.\n" +
      "Be kind to yourself when you miss a day. A broken streak is not a failed project. Pick the easiest lesson you know, replay it, and you are back on track.\n" +
      "Track what you have done, not what you have not. Watching your completed lessons grow on your progress page is a much better motivator than guilt about the days you skipped.\n" +
      "Phrasewise is designed for exactly this kind of busy-week learning: short lessons, small audio groups and phrases you can use the same day. Pick one habit from this list, try it for a week, and let the small wins do the work.",
    published: true,
    daysAgo: 24,
  },
  {
    title: "Coming Soon: Offline Lessons in the App",
    excerpt: "We are making it easier to download whole levels in the Phrasewise app, so you can keep learning on planes, trains and anywhere without a signal.",
    content:
      "One of the most common requests we receive is simple: let me learn when I have no connection. Long flights, underground commutes and holidays with patchy mobile data are exactly when many of you have time to practise.\n" +
      "We have been listening, and offline lessons are getting a major upgrade in the Phrasewise app.\n" +
      "Soon you will be able to download an entire level in one tap, including every phrase, translation and audio recording. Once it is on your phone, you can open any lesson, replay the audio and review your favourite phrases without a single bar of signal.\n" +
      "Your progress will be saved on the device while you are offline and synchronised automatically the next time you connect, so nothing you complete on the plane is lost.\n" +
      "We are also making downloads lighter. Audio files are being compressed more efficiently, which means a full level takes up less space than a handful of photos.\n" +
      "A new storage screen will show how much space each language uses and let you remove levels you have finished with in a couple of taps.\n" +
      "We are currently testing the feature with a small group of learners and smoothing out the last rough edges. If everything goes to plan, it will reach everyone in the next app update.\n" +
      "In the meantime, make sure you have the latest version of the app installed and notifications switched on, so you are the first to know when it arrives.\n" +
      "Thank you for all the feedback that shaped this feature. Keep it coming, and happy learning!",
    published: false,
    daysAgo: 1,
  },
];
