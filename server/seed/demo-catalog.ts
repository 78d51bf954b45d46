/**
 * Demo catalogue used to seed a fresh database: 8 languages, each with three
 * CEFR levels (A1, A2, B1), three lessons per level and two audio groups per
 * lesson. `original` is in the target language (spoken by the audio);
 * `translation` is English. Pure data, no logic.
 */

export interface DemoPhrase {
  original: string;
  translation: string;
}

export interface DemoLesson {
  id: string;
  title: string;
  translatedTitle: string;
  locked?: boolean;
  groups: DemoPhrase[][];
}

export interface DemoLevel {
  id: string;
  title: string;
  cefr: string;
  locked?: boolean;
  lessons: DemoLesson[];
}

export interface DemoLanguage {
  id: string;
  name: string;
  flag: string;
  ttsVoice: string;
  levels: DemoLevel[];
}

export const demoCatalog: DemoLanguage[] = [
  {
    id: "spanish",
    name: "Spanish",
    flag: "/images/flags/spanish.svg",
    ttsVoice: "es",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "Saludos",
            groups: [
              [
                { original: "¡Hola! ¿Qué tal?", translation: "Hi! How are you?" },
                { original: "Buenos días.", translation: "Good morning." },
                { original: "Buenas tardes.", translation: "Good afternoon." },
                { original: "Buenas noches.", translation: "Good evening. / Good night." },
              ],
              [
                { original: "Me llamo Ana. ¿Y tú?", translation: "My name is Ana. And you?" },
                { original: "Mucho gusto.", translation: "Nice to meet you." },
                { original: "¿De dónde eres?", translation: "Where are you from?" },
                { original: "¡Hasta luego!", translation: "See you later!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "En la cafetería",
            groups: [
              [
                { original: "Un café con leche, por favor.", translation: "A white coffee, please." },
                { original: "¿Me pone un agua sin gas?", translation: "Could I have a still water?" },
                { original: "Para mí, un zumo de naranja.", translation: "An orange juice for me." },
              ],
              [
                { original: "¿Cuánto es?", translation: "How much is it?" },
                { original: "La cuenta, por favor.", translation: "The bill, please." },
                { original: "¿Puedo pagar con tarjeta?", translation: "Can I pay by card?" },
                { original: "Gracias, muy amable.", translation: "Thank you, that's very kind." },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "Preguntar el camino",
            locked: true,
            groups: [
              [
                { original: "Perdone, ¿dónde está la estación?", translation: "Excuse me, where is the station?" },
                { original: "¿Hay un baño por aquí cerca?", translation: "Is there a toilet near here?" },
                { original: "¿Está lejos?", translation: "Is it far?" },
              ],
              [
                { original: "Siga todo recto.", translation: "Go straight ahead." },
                { original: "Gire a la derecha.", translation: "Turn right." },
                { original: "Está a la izquierda.", translation: "It's on the left." },
                { original: "Está a cinco minutos a pie.", translation: "It's a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "De compras",
            groups: [
              [
                { original: "¿Cuánto cuesta esta camiseta?", translation: "How much is this T-shirt?" },
                { original: "¿La tiene en otra talla?", translation: "Do you have it in another size?" },
                { original: "¿Puedo probármela?", translation: "Can I try it on?" },
                { original: "¿Dónde están los probadores?", translation: "Where are the fitting rooms?" },
              ],
              [
                { original: "Solo estoy mirando, gracias.", translation: "I'm just looking, thanks." },
                { original: "Me la llevo.", translation: "I'll take it." },
                { original: "¿Me da una bolsa, por favor?", translation: "Could I have a bag, please?" },
                { original: "¿Puedo cambiarla si no me queda bien?", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "En el hotel",
            groups: [
              [
                { original: "Tengo una reserva a nombre de García.", translation: "I have a reservation under the name García." },
                { original: "¿A qué hora es el desayuno?", translation: "What time is breakfast?" },
                { original: "¿Cuál es la contraseña del wifi?", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "El aire acondicionado no funciona.", translation: "The air conditioning isn't working." },
                { original: "¿Podría darme otra toalla?", translation: "Could I have another towel?" },
                { original: "¿A qué hora hay que dejar la habitación?", translation: "What time do we have to check out?" },
                { original: "¿Puedo dejar la maleta aquí?", translation: "Can I leave my suitcase here?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "Charla informal",
            locked: true,
            groups: [
              [
                { original: "¿A qué te dedicas?", translation: "What do you do for a living?" },
                { original: "¿Cuánto tiempo llevas aquí?", translation: "How long have you been here?" },
                { original: "¿Qué tal el fin de semana?", translation: "How was your weekend?" },
              ],
              [
                { original: "¡Qué calor hace hoy!", translation: "It's so hot today!" },
                { original: "Me encanta esta ciudad.", translation: "I love this city." },
                { original: "¿Es la primera vez que vienes a España?", translation: "Is this your first time in Spain?" },
                { original: "Bueno, me tengo que ir.", translation: "Well, I have to go." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "En el médico",
            groups: [
              [
                { original: "Me duele la cabeza desde hace dos días.", translation: "I've had a headache for two days." },
                { original: "Creo que tengo fiebre.", translation: "I think I have a temperature." },
                { original: "Soy alérgico a la penicilina.", translation: "I'm allergic to penicillin." },
                { original: "¿Necesito receta para este medicamento?", translation: "Do I need a prescription for this medicine?" },
              ],
              [
                { original: "Tómese una pastilla cada ocho horas.", translation: "Take one tablet every eight hours." },
                { original: "Debería descansar unos días.", translation: "You should rest for a few days." },
                { original: "Si no mejora, vuelva la semana que viene.", translation: "If it doesn't get better, come back next week." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "Hacer planes",
            groups: [
              [
                { original: "¿Te apetece ir al cine este viernes?", translation: "Do you fancy going to the cinema this Friday?" },
                { original: "¿Qué te parece si quedamos a las ocho?", translation: "How about we meet at eight?" },
                { original: "Podríamos cenar en ese restaurante nuevo.", translation: "We could have dinner at that new restaurant." },
              ],
              [
                { original: "Me encantaría, pero ya tengo planes.", translation: "I'd love to, but I already have plans." },
                { original: "¿Lo dejamos para otro día?", translation: "Shall we leave it for another day?" },
                { original: "Avísame cuando llegues.", translation: "Let me know when you get there." },
                { original: "Te mando la dirección por mensaje.", translation: "I'll send you the address by message." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "En el trabajo",
            locked: true,
            groups: [
              [
                { original: "¿Tienes un momento para hablar del proyecto?", translation: "Do you have a moment to talk about the project?" },
                { original: "Te envío el informe antes del mediodía.", translation: "I'll send you the report before midday." },
                { original: "¿Podemos aplazar la reunión a mañana?", translation: "Can we postpone the meeting until tomorrow?" },
              ],
              [
                { original: "Perdona, no he entendido bien la última parte.", translation: "Sorry, I didn't quite understand the last part." },
                { original: "En eso estoy de acuerdo contigo.", translation: "I agree with you on that." },
                { original: "Lo reviso y te digo algo.", translation: "I'll look into it and get back to you." },
                { original: "Hoy trabajo desde casa.", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "french",
    name: "French",
    flag: "/images/flags/french.svg",
    ttsVoice: "fr",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "Salutations",
            groups: [
              [
                { original: "Bonjour !", translation: "Hello! / Good morning!" },
                { original: "Bonsoir.", translation: "Good evening." },
                { original: "Salut, ça va ?", translation: "Hi, how's it going?" },
                { original: "Très bien, merci. Et vous ?", translation: "Very well, thank you. And you?" },
              ],
              [
                { original: "Je m'appelle Sophie.", translation: "My name is Sophie." },
                { original: "Enchanté.", translation: "Nice to meet you." },
                { original: "Vous venez d'où ?", translation: "Where are you from?" },
                { original: "Au revoir, bonne journée !", translation: "Goodbye, have a nice day!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "Au café",
            groups: [
              [
                { original: "Un café, s'il vous plaît.", translation: "An espresso, please." },
                { original: "Je voudrais un croissant.", translation: "I'd like a croissant." },
                { original: "Une carafe d'eau, s'il vous plaît.", translation: "A jug of tap water, please." },
                { original: "Pour moi, un thé au citron.", translation: "A lemon tea for me." },
              ],
              [
                { original: "C'est combien ?", translation: "How much is it?" },
                { original: "L'addition, s'il vous plaît.", translation: "The bill, please." },
                { original: "Je peux payer par carte ?", translation: "Can I pay by card?" },
                { original: "Merci beaucoup !", translation: "Thank you very much!" },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "Demander son chemin",
            locked: true,
            groups: [
              [
                { original: "Excusez-moi, où est la gare ?", translation: "Excuse me, where is the station?" },
                { original: "Il y a des toilettes près d'ici ?", translation: "Are there any toilets near here?" },
                { original: "C'est loin ?", translation: "Is it far?" },
              ],
              [
                { original: "Allez tout droit.", translation: "Go straight ahead." },
                { original: "Tournez à gauche.", translation: "Turn left." },
                { original: "C'est à droite.", translation: "It's on the right." },
                { original: "C'est à cinq minutes à pied.", translation: "It's a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "Faire les magasins",
            groups: [
              [
                { original: "Combien coûte ce pull ?", translation: "How much is this jumper?" },
                { original: "Vous l'avez en taille M ?", translation: "Do you have it in a medium?" },
                { original: "Je peux l'essayer ?", translation: "Can I try it on?" },
                { original: "Où sont les cabines d'essayage ?", translation: "Where are the fitting rooms?" },
              ],
              [
                { original: "Je regarde seulement, merci.", translation: "I'm just looking, thank you." },
                { original: "Je le prends.", translation: "I'll take it." },
                { original: "Vous pouvez me faire un paquet cadeau ?", translation: "Could you gift-wrap it for me?" },
                { original: "Je peux l'échanger s'il ne me va pas ?", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "À l'hôtel",
            groups: [
              [
                { original: "J'ai une réservation au nom de Martin.", translation: "I have a reservation under the name Martin." },
                { original: "Le petit-déjeuner est servi à quelle heure ?", translation: "What time is breakfast served?" },
                { original: "Quel est le code du wifi ?", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "La climatisation ne marche pas.", translation: "The air conditioning isn't working." },
                { original: "Je pourrais avoir une serviette de plus ?", translation: "Could I have an extra towel?" },
                { original: "À quelle heure faut-il libérer la chambre ?", translation: "What time do we have to check out?" },
                { original: "Je peux laisser ma valise ici ?", translation: "Can I leave my suitcase here?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "Bavarder",
            locked: true,
            groups: [
              [
                { original: "Qu'est-ce que vous faites dans la vie ?", translation: "What do you do for a living?" },
                { original: "Vous êtes ici depuis combien de temps ?", translation: "How long have you been here?" },
                { original: "Vous avez passé un bon week-end ?", translation: "Did you have a good weekend?" },
              ],
              [
                { original: "Il fait vraiment beau aujourd'hui !", translation: "The weather is really lovely today!" },
                { original: "J'adore cette ville.", translation: "I love this city." },
                { original: "C'est votre première fois à Paris ?", translation: "Is this your first time in Paris?" },
                { original: "Bon, je dois y aller.", translation: "Right, I have to go." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "Chez le médecin",
            groups: [
              [
                { original: "J'ai mal à la tête depuis deux jours.", translation: "I've had a headache for two days." },
                { original: "Je crois que j'ai de la fièvre.", translation: "I think I have a temperature." },
                { original: "Je suis allergique à la pénicilline.", translation: "I'm allergic to penicillin." },
                { original: "Il faut une ordonnance pour ce médicament ?", translation: "Do I need a prescription for this medicine?" },
              ],
              [
                { original: "Prenez un comprimé trois fois par jour.", translation: "Take one tablet three times a day." },
                { original: "Vous devriez vous reposer quelques jours.", translation: "You should rest for a few days." },
                { original: "Si ça ne va pas mieux, revenez me voir.", translation: "If it doesn't get better, come back and see me." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "Organiser une sortie",
            groups: [
              [
                { original: "Ça te dirait d'aller au cinéma vendredi ?", translation: "Would you like to go to the cinema on Friday?" },
                { original: "On se retrouve à huit heures devant le café ?", translation: "Shall we meet at eight in front of the café?" },
                { original: "On pourrait dîner dans le nouveau restaurant.", translation: "We could have dinner at the new restaurant." },
              ],
              [
                { original: "J'aimerais bien, mais je suis déjà pris ce soir-là.", translation: "I'd love to, but I'm already busy that evening." },
                { original: "On remet ça à une autre fois ?", translation: "Shall we do it another time?" },
                { original: "Préviens-moi quand tu arrives.", translation: "Let me know when you arrive." },
                { original: "Je t'envoie l'adresse par texto.", translation: "I'll text you the address." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "Au travail",
            locked: true,
            groups: [
              [
                { original: "Tu as un moment pour parler du projet ?", translation: "Do you have a moment to talk about the project?" },
                { original: "Je t'envoie le rapport avant midi.", translation: "I'll send you the report before noon." },
                { original: "On peut repousser la réunion à demain ?", translation: "Can we push the meeting back to tomorrow?" },
              ],
              [
                { original: "Désolé, je n'ai pas bien compris la dernière partie.", translation: "Sorry, I didn't quite understand the last part." },
                { original: "Je suis d'accord avec toi sur ce point.", translation: "I agree with you on that point." },
                { original: "Je regarde ça et je te tiens au courant.", translation: "I'll look into it and keep you posted." },
                { original: "Aujourd'hui, je suis en télétravail.", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "italian",
    name: "Italian",
    flag: "/images/flags/italian.svg",
    ttsVoice: "it",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "Saluti",
            groups: [
              [
                { original: "Ciao! Come stai?", translation: "Hi! How are you?" },
                { original: "Buongiorno.", translation: "Good morning." },
                { original: "Buonasera.", translation: "Good evening." },
                { original: "Bene, grazie. E tu?", translation: "Fine, thanks. And you?" },
              ],
              [
                { original: "Mi chiamo Marco.", translation: "My name is Marco." },
                { original: "Piacere!", translation: "Nice to meet you!" },
                { original: "Di dove sei?", translation: "Where are you from?" },
                { original: "Arrivederci, a presto!", translation: "Goodbye, see you soon!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "Al bar",
            groups: [
              [
                { original: "Un caffè, per favore.", translation: "An espresso, please." },
                { original: "Vorrei un cappuccino e un cornetto.", translation: "I'd like a cappuccino and a croissant." },
                { original: "Un bicchiere d'acqua naturale, per favore.", translation: "A glass of still water, please." },
              ],
              [
                { original: "Quanto pago?", translation: "How much do I owe?" },
                { original: "Il conto, per favore.", translation: "The bill, please." },
                { original: "Posso pagare con la carta?", translation: "Can I pay by card?" },
                { original: "Grazie mille!", translation: "Thanks a lot!" },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "Chiedere indicazioni",
            locked: true,
            groups: [
              [
                { original: "Scusi, dov'è la stazione?", translation: "Excuse me, where is the station?" },
                { original: "C'è un bagno qui vicino?", translation: "Is there a toilet near here?" },
                { original: "È lontano?", translation: "Is it far?" },
              ],
              [
                { original: "Vada sempre dritto.", translation: "Go straight on." },
                { original: "Giri a destra.", translation: "Turn right." },
                { original: "È sulla sinistra.", translation: "It's on the left." },
                { original: "Sono cinque minuti a piedi.", translation: "It's a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "Fare shopping",
            groups: [
              [
                { original: "Quanto costa questa maglietta?", translation: "How much is this T-shirt?" },
                { original: "Ce l'ha in un'altra taglia?", translation: "Do you have it in another size?" },
                { original: "Posso provarla?", translation: "Can I try it on?" },
                { original: "Dove sono i camerini?", translation: "Where are the fitting rooms?" },
              ],
              [
                { original: "Sto solo dando un'occhiata, grazie.", translation: "I'm just having a look, thanks." },
                { original: "La prendo.", translation: "I'll take it." },
                { original: "Mi può fare una confezione regalo?", translation: "Could you gift-wrap it for me?" },
                { original: "Posso cambiarla se non mi va bene?", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "In albergo",
            groups: [
              [
                { original: "Ho una prenotazione a nome Rossi.", translation: "I have a booking under the name Rossi." },
                { original: "A che ora è la colazione?", translation: "What time is breakfast?" },
                { original: "Qual è la password del wi-fi?", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "L'aria condizionata non funziona.", translation: "The air conditioning isn't working." },
                { original: "Potrei avere un altro asciugamano?", translation: "Could I have another towel?" },
                { original: "Entro che ora dobbiamo lasciare la camera?", translation: "By what time do we need to leave the room?" },
                { original: "Posso lasciare qui la valigia?", translation: "Can I leave my suitcase here?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "Fare due chiacchiere",
            locked: true,
            groups: [
              [
                { original: "Che lavoro fai?", translation: "What do you do for work?" },
                { original: "Da quanto tempo sei qui?", translation: "How long have you been here?" },
                { original: "Com'è andato il fine settimana?", translation: "How did your weekend go?" },
              ],
              [
                { original: "Che caldo oggi!", translation: "It's so hot today!" },
                { original: "Questa città mi piace tantissimo.", translation: "I really love this city." },
                { original: "È la prima volta che vieni in Italia?", translation: "Is this your first time in Italy?" },
                { original: "Beh, adesso devo andare.", translation: "Well, I have to go now." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "Dal medico",
            groups: [
              [
                { original: "Ho mal di testa da due giorni.", translation: "I've had a headache for two days." },
                { original: "Credo di avere la febbre.", translation: "I think I have a temperature." },
                { original: "Sono allergico alla penicillina.", translation: "I'm allergic to penicillin." },
                { original: "Ci vuole la ricetta per questo farmaco?", translation: "Do I need a prescription for this medicine?" },
              ],
              [
                { original: "Prenda una compressa ogni otto ore.", translation: "Take one tablet every eight hours." },
                { original: "Dovrebbe riposare per qualche giorno.", translation: "You should rest for a few days." },
                { original: "Se non migliora, torni la settimana prossima.", translation: "If it doesn't get better, come back next week." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "Fare programmi",
            groups: [
              [
                { original: "Ti va di andare al cinema venerdì sera?", translation: "Do you fancy going to the cinema on Friday evening?" },
                { original: "Che ne dici se ci vediamo alle otto?", translation: "How about we meet at eight?" },
                { original: "Potremmo cenare in quel ristorante nuovo.", translation: "We could have dinner at that new restaurant." },
              ],
              [
                { original: "Mi piacerebbe, ma ho già un impegno.", translation: "I'd love to, but I already have something on." },
                { original: "Facciamo un'altra volta?", translation: "Shall we make it another time?" },
                { original: "Fammi sapere quando arrivi.", translation: "Let me know when you arrive." },
                { original: "Ti mando l'indirizzo per messaggio.", translation: "I'll send you the address by message." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "Al lavoro",
            locked: true,
            groups: [
              [
                { original: "Hai un minuto per parlare del progetto?", translation: "Do you have a minute to talk about the project?" },
                { original: "Ti mando il rapporto entro mezzogiorno.", translation: "I'll send you the report by noon." },
                { original: "Possiamo spostare la riunione a domani?", translation: "Can we move the meeting to tomorrow?" },
              ],
              [
                { original: "Scusa, non ho capito bene l'ultima parte.", translation: "Sorry, I didn't quite get the last part." },
                { original: "Su questo sono d'accordo con te.", translation: "I agree with you on this." },
                { original: "Ci do un'occhiata e ti faccio sapere.", translation: "I'll take a look and let you know." },
                { original: "Oggi lavoro da casa.", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "german",
    name: "German",
    flag: "/images/flags/german.svg",
    ttsVoice: "de",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "Begrüßung",
            groups: [
              [
                { original: "Hallo! Wie geht's?", translation: "Hi! How are you?" },
                { original: "Guten Morgen!", translation: "Good morning!" },
                { original: "Guten Abend!", translation: "Good evening!" },
                { original: "Gut, danke. Und dir?", translation: "Fine, thanks. And you?" },
              ],
              [
                { original: "Ich heiße Lena.", translation: "My name is Lena." },
                { original: "Freut mich!", translation: "Nice to meet you!" },
                { original: "Woher kommst du?", translation: "Where are you from?" },
                { original: "Tschüss, bis später!", translation: "Bye, see you later!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "Im Café",
            groups: [
              [
                { original: "Einen Kaffee, bitte.", translation: "A coffee, please." },
                { original: "Ich hätte gern ein Stück Apfelkuchen.", translation: "I'd like a slice of apple cake." },
                { original: "Ein stilles Wasser, bitte.", translation: "A still water, please." },
              ],
              [
                { original: "Was macht das?", translation: "How much is that?" },
                { original: "Zahlen, bitte!", translation: "The bill, please!" },
                { original: "Kann ich mit Karte zahlen?", translation: "Can I pay by card?" },
                { original: "Stimmt so.", translation: "Keep the change." },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "Nach dem Weg fragen",
            locked: true,
            groups: [
              [
                { original: "Entschuldigung, wo ist der Bahnhof?", translation: "Excuse me, where is the station?" },
                { original: "Gibt es hier in der Nähe eine Toilette?", translation: "Is there a toilet near here?" },
                { original: "Ist es weit?", translation: "Is it far?" },
              ],
              [
                { original: "Gehen Sie geradeaus.", translation: "Go straight ahead." },
                { original: "Biegen Sie rechts ab.", translation: "Turn right." },
                { original: "Es ist auf der linken Seite.", translation: "It's on the left." },
                { original: "Das sind fünf Minuten zu Fuß.", translation: "It's a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "Einkaufen",
            groups: [
              [
                { original: "Was kostet dieses T-Shirt?", translation: "How much is this T-shirt?" },
                { original: "Haben Sie das auch in Größe M?", translation: "Do you also have this in a medium?" },
                { original: "Kann ich das anprobieren?", translation: "Can I try it on?" },
                { original: "Wo sind die Umkleidekabinen?", translation: "Where are the fitting rooms?" },
              ],
              [
                { original: "Ich schaue mich nur um, danke.", translation: "I'm just looking, thanks." },
                { original: "Ich nehme es.", translation: "I'll take it." },
                { original: "Kann ich eine Tüte haben?", translation: "Can I have a bag?" },
                { original: "Kann ich es umtauschen, wenn es nicht passt?", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "Im Hotel",
            groups: [
              [
                { original: "Ich habe eine Reservierung auf den Namen Schmidt.", translation: "I have a reservation under the name Schmidt." },
                { original: "Ab wann gibt es Frühstück?", translation: "From what time is breakfast served?" },
                { original: "Wie lautet das WLAN-Passwort?", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "Die Klimaanlage funktioniert nicht.", translation: "The air conditioning isn't working." },
                { original: "Könnte ich noch ein Handtuch bekommen?", translation: "Could I have another towel?" },
                { original: "Bis wann müssen wir auschecken?", translation: "By what time do we have to check out?" },
                { original: "Kann ich meinen Koffer hierlassen?", translation: "Can I leave my suitcase here?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "Smalltalk",
            locked: true,
            groups: [
              [
                { original: "Was machst du beruflich?", translation: "What do you do for a living?" },
                { original: "Wie lange bist du schon hier?", translation: "How long have you been here?" },
                { original: "Wie war dein Wochenende?", translation: "How was your weekend?" },
              ],
              [
                { original: "Heute ist es aber heiß!", translation: "It's really hot today!" },
                { original: "Mir gefällt die Stadt sehr gut.", translation: "I really like the city." },
                { original: "Bist du zum ersten Mal in Deutschland?", translation: "Is this your first time in Germany?" },
                { original: "So, ich muss jetzt los.", translation: "Right, I have to go now." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "Beim Arzt",
            groups: [
              [
                { original: "Ich habe seit zwei Tagen Kopfschmerzen.", translation: "I've had a headache for two days." },
                { original: "Ich glaube, ich habe Fieber.", translation: "I think I have a temperature." },
                { original: "Ich bin allergisch gegen Penicillin.", translation: "I'm allergic to penicillin." },
                { original: "Brauche ich für dieses Medikament ein Rezept?", translation: "Do I need a prescription for this medicine?" },
              ],
              [
                { original: "Nehmen Sie dreimal täglich eine Tablette.", translation: "Take one tablet three times a day." },
                { original: "Sie sollten sich ein paar Tage ausruhen.", translation: "You should rest for a few days." },
                { original: "Ich schreibe Sie für drei Tage krank.", translation: "I'll sign you off sick for three days." },
                { original: "Wenn es nicht besser wird, kommen Sie wieder.", translation: "If it doesn't get better, come back." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "Pläne machen",
            groups: [
              [
                { original: "Hast du Lust, am Freitag ins Kino zu gehen?", translation: "Do you fancy going to the cinema on Friday?" },
                { original: "Wollen wir uns um acht vor dem Café treffen?", translation: "Shall we meet in front of the café at eight?" },
                { original: "Wir könnten in das neue Restaurant gehen.", translation: "We could go to the new restaurant." },
              ],
              [
                { original: "Gern, aber da habe ich leider schon was vor.", translation: "I'd love to, but unfortunately I already have plans then." },
                { original: "Wollen wir das auf ein andermal verschieben?", translation: "Shall we put it off until another time?" },
                { original: "Sag mir Bescheid, wenn du da bist.", translation: "Let me know when you're there." },
                { original: "Ich schicke dir die Adresse per Nachricht.", translation: "I'll send you the address by message." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "Bei der Arbeit",
            locked: true,
            groups: [
              [
                { original: "Hast du kurz Zeit, über das Projekt zu sprechen?", translation: "Have you got a moment to talk about the project?" },
                { original: "Ich schicke dir den Bericht bis Mittag.", translation: "I'll send you the report by midday." },
                { original: "Können wir das Meeting auf morgen verschieben?", translation: "Can we move the meeting to tomorrow?" },
              ],
              [
                { original: "Entschuldigung, den letzten Teil habe ich nicht ganz verstanden.", translation: "Sorry, I didn't quite understand the last part." },
                { original: "Da stimme ich dir zu.", translation: "I agree with you there." },
                { original: "Ich schaue es mir an und melde mich dann bei dir.", translation: "I'll take a look and then get back to you." },
                { original: "Heute arbeite ich im Homeoffice.", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "japanese",
    name: "Japanese",
    flag: "/images/flags/japanese.svg",
    ttsVoice: "ja",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "あいさつ",
            groups: [
              [
                { original: "おはようございます。", translation: "Good morning." },
                { original: "こんにちは。", translation: "Hello." },
                { original: "こんばんは。", translation: "Good evening." },
                { original: "お元気ですか？", translation: "How are you?" },
              ],
              [
                { original: "はじめまして。田中です。", translation: "Nice to meet you. I'm Tanaka." },
                { original: "よろしくお願いします。", translation: "Pleased to meet you." },
                { original: "ご出身はどちらですか？", translation: "Where are you from?" },
                { original: "それでは、また。", translation: "Well then, see you." },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "カフェで",
            groups: [
              [
                { original: "コーヒーをください。", translation: "A coffee, please." },
                { original: "アイスティーを一つお願いします。", translation: "One iced tea, please." },
                { original: "お水をもらえますか？", translation: "Could I have some water?" },
              ],
              [
                { original: "いくらですか？", translation: "How much is it?" },
                { original: "お会計をお願いします。", translation: "The bill, please." },
                { original: "カードで払えますか？", translation: "Can I pay by card?" },
                { original: "ごちそうさまでした。", translation: "Thank you for the meal." },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "道をたずねる",
            locked: true,
            groups: [
              [
                { original: "すみません、駅はどこですか？", translation: "Excuse me, where is the station?" },
                { original: "この近くにトイレはありますか？", translation: "Is there a toilet near here?" },
                { original: "遠いですか？", translation: "Is it far?" },
              ],
              [
                { original: "まっすぐ行ってください。", translation: "Go straight ahead." },
                { original: "右に曲がってください。", translation: "Turn right." },
                { original: "左側にあります。", translation: "It's on the left." },
                { original: "歩いて五分ぐらいです。", translation: "It's about a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "買い物",
            groups: [
              [
                { original: "このシャツはいくらですか？", translation: "How much is this shirt?" },
                { original: "もう少し大きいサイズはありますか？", translation: "Do you have a slightly bigger size?" },
                { original: "試着してもいいですか？", translation: "May I try it on?" },
                { original: "試着室はどこですか？", translation: "Where is the fitting room?" },
              ],
              [
                { original: "見ているだけです。", translation: "I'm just looking." },
                { original: "これにします。", translation: "I'll take this one." },
                { original: "袋はいりません。", translation: "I don't need a bag." },
                { original: "プレゼント用に包んでもらえますか？", translation: "Could you gift-wrap it?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "ホテルで",
            groups: [
              [
                { original: "予約した鈴木です。", translation: "I have a reservation. My name is Suzuki." },
                { original: "朝食は何時からですか？", translation: "What time does breakfast start?" },
                { original: "Wi-Fiのパスワードを教えてください。", translation: "Could you tell me the Wi-Fi password?" },
              ],
              [
                { original: "エアコンがつきません。", translation: "The air conditioner won't turn on." },
                { original: "タオルをもう一枚いただけますか？", translation: "Could I have one more towel?" },
                { original: "チェックアウトは何時ですか？", translation: "What time is check-out?" },
                { original: "荷物を預かってもらえますか？", translation: "Could you look after my luggage?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "雑談",
            locked: true,
            groups: [
              [
                { original: "お仕事は何をされていますか？", translation: "What do you do for work?" },
                { original: "日本に来てどのくらいですか？", translation: "How long have you been in Japan?" },
                { original: "週末はどうでしたか？", translation: "How was your weekend?" },
              ],
              [
                { original: "今日は暑いですね。", translation: "It's hot today, isn't it?" },
                { original: "この町が大好きです。", translation: "I love this town." },
                { original: "日本は初めてですか？", translation: "Is this your first time in Japan?" },
                { original: "そろそろ失礼します。", translation: "I should be going now." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "病院で",
            groups: [
              [
                { original: "二日前から頭が痛いです。", translation: "I've had a headache for two days." },
                { original: "熱があるみたいです。", translation: "I think I have a fever." },
                { original: "ペニシリンのアレルギーがあります。", translation: "I'm allergic to penicillin." },
                { original: "この薬は処方箋が必要ですか？", translation: "Do I need a prescription for this medicine?" },
              ],
              [
                { original: "この薬を一日三回、食後に飲んでください。", translation: "Take this medicine three times a day, after meals." },
                { original: "二、三日ゆっくり休んだほうがいいですよ。", translation: "You should take it easy for two or three days." },
                { original: "よくならなければ、また来てください。", translation: "If it doesn't get better, please come back." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "予定を立てる",
            groups: [
              [
                { original: "金曜日、映画を見に行きませんか？", translation: "Would you like to go and see a film on Friday?" },
                { original: "じゃあ、八時に駅の前で会いましょう。", translation: "OK, let's meet in front of the station at eight." },
                { original: "新しくできたレストランに行ってみませんか？", translation: "Shall we try the restaurant that just opened?" },
              ],
              [
                { original: "行きたいんですが、その日はちょっと予定があって…", translation: "I'd love to go, but I have something on that day…" },
                { original: "また今度にしましょうか。", translation: "Shall we make it another time?" },
                { original: "着いたら連絡してください。", translation: "Please let me know when you arrive." },
                { original: "住所をメッセージで送りますね。", translation: "I'll send you the address by message." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "職場で",
            locked: true,
            groups: [
              [
                { original: "プロジェクトの件で、少しお時間いただけますか？", translation: "Could I have a moment of your time about the project?" },
                { original: "報告書はお昼までにお送りします。", translation: "I'll send you the report by noon." },
                { original: "会議を明日に変更してもいいですか？", translation: "Could we move the meeting to tomorrow?" },
              ],
              [
                { original: "すみません、最後のところがよくわかりませんでした。", translation: "Sorry, I didn't quite understand the last part." },
                { original: "その点については賛成です。", translation: "I agree on that point." },
                { original: "確認して、また連絡します。", translation: "I'll check and get back to you." },
                { original: "今日は在宅勤務です。", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "mandarin",
    name: "Mandarin Chinese",
    flag: "/images/flags/mandarin.svg",
    ttsVoice: "cmn",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "问候",
            groups: [
              [
                { original: "你好！", translation: "Hello!" },
                { original: "早上好！", translation: "Good morning!" },
                { original: "你最近怎么样？", translation: "How have you been lately?" },
                { original: "我很好，谢谢。你呢？", translation: "I'm fine, thanks. And you?" },
              ],
              [
                { original: "我叫李明。", translation: "My name is Li Ming." },
                { original: "很高兴认识你。", translation: "Nice to meet you." },
                { original: "你是哪国人？", translation: "Which country are you from?" },
                { original: "再见，明天见！", translation: "Goodbye, see you tomorrow!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "在咖啡馆",
            groups: [
              [
                { original: "我要一杯拿铁。", translation: "I'd like a latte." },
                { original: "要大杯的，谢谢。", translation: "A large one, thanks." },
                { original: "请给我一杯水。", translation: "A glass of water, please." },
              ],
              [
                { original: "一共多少钱？", translation: "How much is it altogether?" },
                { original: "可以刷卡吗？", translation: "Can I pay by card?" },
                { original: "可以用微信支付吗？", translation: "Can I pay with WeChat Pay?" },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "问路",
            locked: true,
            groups: [
              [
                { original: "请问，火车站在哪儿？", translation: "Excuse me, where is the train station?" },
                { original: "附近有洗手间吗？", translation: "Is there a toilet nearby?" },
                { original: "远吗？", translation: "Is it far?" },
              ],
              [
                { original: "一直往前走。", translation: "Go straight ahead." },
                { original: "到路口往右拐。", translation: "Turn right at the crossroads." },
                { original: "就在左边。", translation: "It's just on the left." },
                { original: "走路五分钟就到了。", translation: "It's only a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "购物",
            groups: [
              [
                { original: "这件T恤多少钱？", translation: "How much is this T-shirt?" },
                { original: "有没有大一点的？", translation: "Do you have a bigger one?" },
                { original: "我可以试试吗？", translation: "Can I try it on?" },
                { original: "试衣间在哪儿？", translation: "Where is the fitting room?" },
              ],
              [
                { original: "我只是看看。", translation: "I'm just looking." },
                { original: "能便宜一点吗？", translation: "Could you make it a bit cheaper?" },
                { original: "我就要这件了。", translation: "I'll take this one." },
                { original: "不合适的话可以换吗？", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "在酒店",
            groups: [
              [
                { original: "我订了房间，我姓王。", translation: "I've booked a room. My surname is Wang." },
                { original: "早餐几点开始？", translation: "What time does breakfast start?" },
                { original: "WiFi密码是多少？", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "房间的空调坏了。", translation: "The air conditioning in my room is broken." },
                { original: "能再给我一条毛巾吗？", translation: "Could I have another towel?" },
                { original: "几点退房？", translation: "What time is check-out?" },
                { original: "可以帮我寄存一下行李吗？", translation: "Could you store my luggage for me?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "闲聊",
            locked: true,
            groups: [
              [
                { original: "你是做什么工作的？", translation: "What do you do for work?" },
                { original: "你来中国多久了？", translation: "How long have you been in China?" },
                { original: "周末过得怎么样？", translation: "How was your weekend?" },
              ],
              [
                { original: "今天真热啊！", translation: "It's really hot today!" },
                { original: "我很喜欢这个城市。", translation: "I really like this city." },
                { original: "你是第一次来中国吗？", translation: "Is this your first time in China?" },
                { original: "不好意思，我得走了。", translation: "Sorry, I have to go." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "看病",
            groups: [
              [
                { original: "我头疼两天了。", translation: "I've had a headache for two days." },
                { original: "我好像发烧了。", translation: "I think I have a fever." },
                { original: "我对青霉素过敏。", translation: "I'm allergic to penicillin." },
                { original: "这种药需要处方吗？", translation: "Does this medicine need a prescription?" },
              ],
              [
                { original: "这个药一天吃三次，饭后吃。", translation: "Take this medicine three times a day, after meals." },
                { original: "你最好在家休息几天。", translation: "You'd better rest at home for a few days." },
                { original: "要是还不好，下周再来。", translation: "If it's still not better, come back next week." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "做计划",
            groups: [
              [
                { original: "周五晚上一起去看电影吧？", translation: "Shall we go and see a film on Friday evening?" },
                { original: "我们八点在地铁站门口见，怎么样？", translation: "How about meeting at the metro station entrance at eight?" },
                { original: "我们可以去那家新开的餐厅吃饭。", translation: "We could eat at that new restaurant." },
              ],
              [
                { original: "我很想去，可是那天我已经有安排了。", translation: "I'd love to, but I already have plans that day." },
                { original: "那我们改天吧。", translation: "Let's do it another day, then." },
                { original: "你到了给我发个消息。", translation: "Send me a message when you get there." },
                { original: "我把地址发到你微信上。", translation: "I'll send the address to your WeChat." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "在公司",
            locked: true,
            groups: [
              [
                { original: "你有空吗？我想跟你聊聊这个项目。", translation: "Are you free? I'd like to talk to you about this project." },
                { original: "我中午之前把报告发给你。", translation: "I'll send you the report before noon." },
                { original: "会议能不能改到明天？", translation: "Could we move the meeting to tomorrow?" },
              ],
              [
                { original: "不好意思，最后那部分我没太听懂。", translation: "Sorry, I didn't quite understand the last part." },
                { original: "这一点我同意你的看法。", translation: "I agree with you on this point." },
                { original: "我先看一下，然后再回复你。", translation: "Let me take a look first, then I'll get back to you." },
                { original: "我今天在家办公。", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "portuguese",
    name: "Portuguese",
    flag: "/images/flags/portuguese.svg",
    ttsVoice: "pt",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "Cumprimentos",
            groups: [
              [
                { original: "Olá! Tudo bem?", translation: "Hi! How are you?" },
                { original: "Bom dia!", translation: "Good morning!" },
                { original: "Boa tarde!", translation: "Good afternoon!" },
                { original: "Tudo bem, obrigado. E tu?", translation: "Fine, thanks. And you?" },
              ],
              [
                { original: "Chamo-me João.", translation: "My name is João." },
                { original: "Muito prazer.", translation: "Pleased to meet you." },
                { original: "De onde és?", translation: "Where are you from?" },
                { original: "Até logo!", translation: "See you later!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "No café",
            groups: [
              [
                { original: "Um café, por favor.", translation: "An espresso, please." },
                { original: "Queria um galão e um pastel de nata.", translation: "I'd like a milky coffee and a custard tart." },
                { original: "Uma água sem gás, por favor.", translation: "A still water, please." },
              ],
              [
                { original: "Quanto é?", translation: "How much is it?" },
                { original: "A conta, se faz favor.", translation: "The bill, please." },
                { original: "Posso pagar com cartão?", translation: "Can I pay by card?" },
                { original: "Muito obrigado!", translation: "Thank you very much!" },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "Pedir indicações",
            locked: true,
            groups: [
              [
                { original: "Desculpe, onde fica a estação?", translation: "Excuse me, where is the station?" },
                { original: "Há uma casa de banho aqui perto?", translation: "Is there a toilet near here?" },
                { original: "É longe?", translation: "Is it far?" },
              ],
              [
                { original: "Siga sempre em frente.", translation: "Go straight ahead." },
                { original: "Vire à direita.", translation: "Turn right." },
                { original: "Fica à esquerda.", translation: "It's on the left." },
                { original: "Fica a cinco minutos a pé.", translation: "It's a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "Fazer compras",
            groups: [
              [
                { original: "Quanto custa esta camisola?", translation: "How much is this jumper?" },
                { original: "Tem isto num tamanho maior?", translation: "Do you have this in a bigger size?" },
                { original: "Posso experimentar?", translation: "Can I try it on?" },
                { original: "Onde ficam os provadores?", translation: "Where are the fitting rooms?" },
              ],
              [
                { original: "Estou só a ver, obrigado.", translation: "I'm just looking, thanks." },
                { original: "Vou levar esta.", translation: "I'll take this one." },
                { original: "É para oferta. Pode embrulhar?", translation: "It's a gift. Could you wrap it?" },
                { original: "Posso trocar se não servir?", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "No hotel",
            groups: [
              [
                { original: "Tenho uma reserva em nome de Silva.", translation: "I have a reservation under the name Silva." },
                { original: "A que horas é o pequeno-almoço?", translation: "What time is breakfast?" },
                { original: "Qual é a palavra-passe do wi-fi?", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "O ar condicionado não funciona.", translation: "The air conditioning isn't working." },
                { original: "Podia dar-me outra toalha?", translation: "Could I have another towel?" },
                { original: "A que horas temos de deixar o quarto?", translation: "What time do we have to check out?" },
                { original: "Posso deixar a mala aqui?", translation: "Can I leave my suitcase here?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "Conversa de circunstância",
            locked: true,
            groups: [
              [
                { original: "O que fazes na vida?", translation: "What do you do for a living?" },
                { original: "Há quanto tempo estás cá?", translation: "How long have you been here?" },
                { original: "Como correu o fim de semana?", translation: "How was your weekend?" },
              ],
              [
                { original: "Que calor está hoje!", translation: "It's so hot today!" },
                { original: "Adoro esta cidade.", translation: "I love this city." },
                { original: "É a primeira vez que vens a Portugal?", translation: "Is this your first time in Portugal?" },
                { original: "Bom, tenho de ir.", translation: "Well, I have to go." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "No médico",
            groups: [
              [
                { original: "Tenho dores de cabeça há dois dias.", translation: "I've had a headache for two days." },
                { original: "Acho que tenho febre.", translation: "I think I have a temperature." },
                { original: "Sou alérgico à penicilina.", translation: "I'm allergic to penicillin." },
                { original: "Este medicamento precisa de receita?", translation: "Does this medicine need a prescription?" },
              ],
              [
                { original: "Tome um comprimido de oito em oito horas.", translation: "Take one tablet every eight hours." },
                { original: "Devia descansar uns dias.", translation: "You should rest for a few days." },
                { original: "Se não melhorar, volte cá na próxima semana.", translation: "If it doesn't get better, come back next week." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "Fazer planos",
            groups: [
              [
                { original: "Apetece-te ir ao cinema na sexta?", translation: "Do you fancy going to the cinema on Friday?" },
                { original: "Encontramo-nos às oito à porta do café?", translation: "Shall we meet outside the café at eight?" },
                { original: "Podíamos jantar naquele restaurante novo.", translation: "We could have dinner at that new restaurant." },
              ],
              [
                { original: "Adorava, mas já tenho planos.", translation: "I'd love to, but I already have plans." },
                { original: "Fica para outro dia?", translation: "Shall we leave it for another day?" },
                { original: "Avisa-me quando chegares.", translation: "Let me know when you get there." },
                { original: "Mando-te a morada por mensagem.", translation: "I'll send you the address by message." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "No trabalho",
            locked: true,
            groups: [
              [
                { original: "Tens um minuto para falarmos do projeto?", translation: "Have you got a minute to talk about the project?" },
                { original: "Envio-te o relatório antes do meio-dia.", translation: "I'll send you the report before midday." },
                { original: "Podemos adiar a reunião para amanhã?", translation: "Can we postpone the meeting until tomorrow?" },
              ],
              [
                { original: "Desculpa, não percebi bem a última parte.", translation: "Sorry, I didn't quite get the last part." },
                { original: "Nisso concordo contigo.", translation: "I agree with you on that." },
                { original: "Vou ver isso e depois digo-te alguma coisa.", translation: "I'll look into it and let you know." },
                { original: "Hoje estou em teletrabalho.", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: "russian",
    name: "Russian",
    flag: "/images/flags/russian.svg",
    ttsVoice: "ru",
    levels: [
      {
        id: "a1",
        title: "Beginner",
        cefr: "A1",
        lessons: [
          {
            id: "greetings",
            title: "Greetings",
            translatedTitle: "Приветствия",
            groups: [
              [
                { original: "Здравствуйте!", translation: "Hello!" },
                { original: "Привет! Как дела?", translation: "Hi! How are you?" },
                { original: "Доброе утро!", translation: "Good morning!" },
                { original: "Хорошо, спасибо. А у вас?", translation: "Fine, thank you. And you?" },
              ],
              [
                { original: "Меня зовут Анна.", translation: "My name is Anna." },
                { original: "Очень приятно.", translation: "Nice to meet you." },
                { original: "Откуда вы?", translation: "Where are you from?" },
                { original: "До свидания!", translation: "Goodbye!" },
              ],
            ],
          },
          {
            id: "at-the-cafe",
            title: "At the Café",
            translatedTitle: "В кафе",
            groups: [
              [
                { original: "Один капучино, пожалуйста.", translation: "One cappuccino, please." },
                { original: "Можно чёрный чай с лимоном?", translation: "Could I have black tea with lemon?" },
                { original: "Стакан воды без газа, пожалуйста.", translation: "A glass of still water, please." },
              ],
              [
                { original: "Сколько с меня?", translation: "How much do I owe?" },
                { original: "Счёт, пожалуйста.", translation: "The bill, please." },
                { original: "Можно оплатить картой?", translation: "Can I pay by card?" },
                { original: "Большое спасибо!", translation: "Thank you very much!" },
              ],
            ],
          },
          {
            id: "asking-directions",
            title: "Asking for Directions",
            translatedTitle: "Как спросить дорогу",
            locked: true,
            groups: [
              [
                { original: "Извините, где вокзал?", translation: "Excuse me, where is the train station?" },
                { original: "Где здесь туалет?", translation: "Where is the toilet around here?" },
                { original: "Это далеко?", translation: "Is it far?" },
              ],
              [
                { original: "Идите прямо.", translation: "Go straight ahead." },
                { original: "Поверните направо.", translation: "Turn right." },
                { original: "Это слева.", translation: "It's on the left." },
                { original: "Пять минут пешком.", translation: "It's a five-minute walk." },
              ],
            ],
          },
        ],
      },
      {
        id: "a2",
        title: "Elementary",
        cefr: "A2",
        lessons: [
          {
            id: "shopping",
            title: "Shopping",
            translatedTitle: "Покупки",
            groups: [
              [
                { original: "Сколько стоит эта футболка?", translation: "How much is this T-shirt?" },
                { original: "У вас есть размер побольше?", translation: "Do you have a bigger size?" },
                { original: "Можно примерить?", translation: "Can I try it on?" },
                { original: "Где примерочная?", translation: "Where is the fitting room?" },
              ],
              [
                { original: "Я просто смотрю, спасибо.", translation: "I'm just looking, thank you." },
                { original: "Я её возьму.", translation: "I'll take it." },
                { original: "Дайте, пожалуйста, пакет.", translation: "Could I have a bag, please?" },
                { original: "Можно будет её обменять, если не подойдёт?", translation: "Can I exchange it if it doesn't fit?" },
              ],
            ],
          },
          {
            id: "at-the-hotel",
            title: "At the Hotel",
            translatedTitle: "В гостинице",
            groups: [
              [
                { original: "У меня забронирован номер на фамилию Иванов.", translation: "I have a room booked under the name Ivanov." },
                { original: "Во сколько завтрак?", translation: "What time is breakfast?" },
                { original: "Какой пароль от Wi-Fi?", translation: "What's the Wi-Fi password?" },
              ],
              [
                { original: "В номере не работает кондиционер.", translation: "The air conditioning in the room isn't working." },
                { original: "Можно ещё одно полотенце?", translation: "Could I have another towel?" },
                { original: "До скольки нужно освободить номер?", translation: "By what time do I need to check out?" },
                { original: "Можно оставить у вас чемодан?", translation: "Can I leave my suitcase with you?" },
              ],
            ],
          },
          {
            id: "small-talk",
            title: "Small Talk",
            translatedTitle: "Светская беседа",
            locked: true,
            groups: [
              [
                { original: "Чем вы занимаетесь?", translation: "What do you do?" },
                { original: "Как давно вы здесь живёте?", translation: "How long have you lived here?" },
                { original: "Как прошли выходные?", translation: "How was your weekend?" },
              ],
              [
                { original: "Сегодня такая жара!", translation: "It's so hot today!" },
                { original: "Мне очень нравится этот город.", translation: "I really like this city." },
                { original: "Вы у нас впервые?", translation: "Is this your first time here?" },
                { original: "Ну, мне пора.", translation: "Well, I have to go." },
              ],
            ],
          },
        ],
      },
      {
        id: "b1",
        title: "Intermediate",
        cefr: "B1",
        locked: true,
        lessons: [
          {
            id: "at-the-doctor",
            title: "At the Doctor",
            translatedTitle: "У врача",
            groups: [
              [
                { original: "У меня уже два дня болит голова.", translation: "I've had a headache for two days now." },
                { original: "Кажется, у меня температура.", translation: "I think I have a temperature." },
                { original: "У меня аллергия на пенициллин.", translation: "I'm allergic to penicillin." },
                { original: "Для этого лекарства нужен рецепт?", translation: "Do I need a prescription for this medicine?" },
              ],
              [
                { original: "Принимайте по одной таблетке три раза в день.", translation: "Take one tablet three times a day." },
                { original: "Вам лучше несколько дней побыть дома.", translation: "You'd better stay at home for a few days." },
                { original: "Если не станет лучше, приходите на следующей неделе.", translation: "If you don't feel better, come back next week." },
              ],
            ],
          },
          {
            id: "making-plans",
            title: "Making Plans",
            translatedTitle: "Договариваемся о встрече",
            groups: [
              [
                { original: "Не хочешь сходить в кино в пятницу?", translation: "Do you fancy going to the cinema on Friday?" },
                { original: "Давай встретимся в восемь у метро.", translation: "Let's meet at eight by the metro station." },
                { original: "Можно поужинать в том новом ресторане.", translation: "We could have dinner at that new restaurant." },
              ],
              [
                { original: "Я бы с удовольствием, но у меня уже есть планы.", translation: "I'd love to, but I already have plans." },
                { original: "Давай перенесём на другой день?", translation: "Shall we move it to another day?" },
                { original: "Напиши, когда будешь на месте.", translation: "Text me when you get there." },
                { original: "Я отправлю тебе адрес сообщением.", translation: "I'll send you the address in a message." },
              ],
            ],
          },
          {
            id: "at-work",
            title: "At Work",
            translatedTitle: "На работе",
            locked: true,
            groups: [
              [
                { original: "У тебя есть минутка обсудить проект?", translation: "Have you got a minute to discuss the project?" },
                { original: "Я пришлю тебе отчёт до обеда.", translation: "I'll send you the report before lunch." },
                { original: "Можно перенести встречу на завтра?", translation: "Can we move the meeting to tomorrow?" },
              ],
              [
                { original: "Извини, я не совсем понял последнюю часть.", translation: "Sorry, I didn't quite understand the last part." },
                { original: "Тут я с тобой согласен.", translation: "I agree with you on that." },
                { original: "Я посмотрю и дам тебе знать.", translation: "I'll take a look and let you know." },
                { original: "Сегодня я работаю из дома.", translation: "I'm working from home today." },
              ],
            ],
          },
        ],
      },
    ],
  },
];
