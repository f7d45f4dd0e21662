import type { SeedClone, SeedDocument } from '../types'

/** Joins paragraphs with a blank line between them. */
const p = (...paragraphs: string[]): string => paragraphs.join('\n\n')

const SITE = 'https://tomasrivera.example.com'

const documents: SeedDocument[] = [
  {
    key: 'tomas-web-chicken-stock',
    type: 'Website',
    title: 'Chicken Stock That Sets Like Jelly',
    url: `${SITE}/lessons/chicken-stock`,
    publishedAt: '2024-01-17T12:00:00.000Z',
    text: p(
      'A good homemade chicken stock wobbles like jelly when it is cold. That gel is gelatin, pulled out of the bones, skin and joints while it simmers, and it is what gives soups, braises and pan sauces a rich, lip-sticking body that cartons never have.',
      'Choose the right parts. Gelatin comes from collagen, and collagen lives in joints and skin. Wings, backs, necks and especially chicken feet make the best stock. A roast chicken carcass on its own gives flavour but little body, so add a few wings. Aim for about 1.5 kg of chicken parts for 3 litres of water, just enough water to cover the bones by two or three centimetres. Too much water is the most common reason a stock never gels or sets.',
      'Start cold and go slow. Put the bones in cold water and bring it up gently over medium heat. As it approaches a simmer, grey foam rises: skim it off with a ladle for the first 15 minutes. Then turn the heat down until only a few small bubbles break the surface. A hard boil emulsifies the fat into the liquid and turns the stock cloudy and greasy.',
      'Simmer for three to four hours on the stove. In a pressure cooker, 90 minutes at high pressure gets you a similar result. Add aromatics for the last hour only: one onion cut in half, a carrot, a celery stick, a bay leaf and ten black peppercorns. Vegetables cooked for hours turn dull and sweet. Do not salt the stock; you will salt the dish you use it in.',
      'For a brown stock with a deeper, roasted flavour, roast the bones at 220 °C for 40 minutes first, then scrape every browned bit from the tray into the pot with a splash of water.',
      'Strain through a fine sieve and cool it quickly. Food safety guidance is to bring cooked food from 60 °C to 21 °C within two hours, then down to 5 °C within the next four hours. A big pot of hot stock in the fridge will not manage that, so set the pot in a sink of ice water, stir it, or divide it into shallow containers.',
      'Once chilled, the fat forms a lid on top. Lift it off and save it for roasting potatoes. The stock keeps for four days in the fridge or about six months in the freezer. Freeze some in ice-cube trays for pan sauces.',
    ),
  },
  {
    key: 'tomas-web-bread-hydration',
    type: 'Website',
    title: 'Bread Hydration Explained: Baker’s Percentages for Your First Loaf',
    url: `${SITE}/lessons/bread-hydration`,
    publishedAt: '2024-02-28T12:00:00.000Z',
    text: p(
      'Bakers talk about hydration: the weight of water divided by the weight of flour, times 100. A dough with 500 g of flour and 350 g of water is at 70 percent hydration. Every other ingredient is also expressed as a percentage of the flour, which is why these are called baker’s percentages. They let you scale any recipe up or down, and they tell you at a glance how a dough will behave.',
      'What the numbers feel like: at 60 to 65 percent the dough is firm and easy to knead and shape, the classic sandwich loaf or bagel; at 68 to 75 percent it is softer and slightly sticky, with a more open crumb, typical of rustic country loaves; and at 80 percent and above it is slack and hard to shape, like ciabatta or focaccia, best left until you have some practice.',
      'For your first loaf, start at 65 percent hydration. My beginner recipe: 500 g bread flour, 325 g water at about 30 °C, 10 g salt (2 percent) and 5 g instant yeast (1 percent). Mix, rest 20 minutes, knead for 8 to 10 minutes until smooth, let it rise until doubled, shape, proof, and bake at 230 °C for 35 to 40 minutes.',
      'Adjust for your flour. Whole wheat and rye absorb more water, so for every 100 g of whole wheat flour add roughly 5 to 10 g extra water. Low-protein all-purpose flour cannot hold as much water as strong bread flour, so drop the hydration by a few points.',
      'Count the water in your starter. A sourdough starter fed equal weights of flour and water is itself at 100 percent hydration. If you use 100 g of it, add 50 g to your flour total and 50 g to your water total before you calculate.',
      'Handling wetter doughs: use wet hands rather than extra flour, and swap kneading for three or four sets of stretch and folds, 30 minutes apart. An autolyse, mixing only flour and water and resting for 30 to 60 minutes before adding salt and yeast, makes a higher-hydration dough noticeably easier to handle.',
      'Read the results. If the loaf spreads flat and will not hold its shape, drop the hydration by 3 to 5 points or build more strength with folds. If the crumb is tight and dense, raise it by 3 to 5 points. Change one thing at a time and write it down.',
    ),
  },
  {
    key: 'tomas-web-salting',
    type: 'Website',
    title: 'Salt Early: Seasoning Meat, Beans and Pasta Water',
    url: `${SITE}/lessons/when-to-salt`,
    publishedAt: '2024-04-10T12:00:00.000Z',
    text: p(
      'The single biggest difference between restaurant food and home cooking is not fancy technique. It is salt, and especially when the salt goes in.',
      'Weigh your salt when you can. A teaspoon of fine table salt weighs about 6 g, while a teaspoon of flaky kosher salt can weigh half that. That is why recipes that say “one teaspoon of salt” give such different results.',
      'Meat: dry brine ahead of time. Sprinkle about 1 percent of the meat’s weight in salt, 10 g per kilo, all over the surface. Salt first draws moisture out; over the next 40 minutes or so that brine is reabsorbed, seasoning the meat inside and helping it hold juice while it cooks. So salt either right before cooking or at least 45 minutes ahead, ideally overnight, uncovered in the fridge. The awkward window is 10 to 30 minutes ahead, when the surface is wet and will not brown well.',
      'Pasta water: use about 10 g of salt per litre, which is 1 percent. The old advice to make it “as salty as the sea” would mean 35 g per litre, far too much. Pasta absorbs water as it cooks, so this is your only chance to season it from the inside.',
      'Beans: soak dried beans overnight in salted water, about 10 g per litre. Contrary to the old myth, salt does not make beans tough; it softens the skins and seasons them evenly. Add acidic ingredients like tomatoes or vinegar only after the beans are tender, because acid really does keep them firm.',
      'Vegetables: salt roasting vegetables just before they go into the oven. Salt sliced tomatoes or cucumbers 15 minutes before serving and pour off the water they release. Salt onions at the start of cooking to help them soften.',
      'Finish to taste. Before serving, taste and adjust. If a dish tastes flat but not under-salted, it probably needs acid: a squeeze of lime or a spoon of vinegar. Flaky salt on top gives crunch and little bursts of flavour without making the whole dish salty.',
    ),
  },
  {
    key: 'tomas-web-pan-sauce',
    type: 'Website',
    title: 'The Five-Minute Pan Sauce',
    url: `${SITE}/lessons/pan-sauce`,
    publishedAt: '2024-05-22T12:00:00.000Z',
    text: p(
      'Every time you sear a steak, a pork chop or chicken thighs, you leave behind a treasure: the brown, sticky layer on the bottom of the pan, called fond. In five minutes it becomes a glossy pan sauce.',
      'Use the right pan. Stainless steel or cast iron build fond; nonstick pans do not, because nothing sticks to them. If the fond is black rather than brown, it will taste bitter, so wipe the pan and start fresh.',
      'The method, for two to three servings. First, move the cooked meat to a plate to rest and pour off all but about a tablespoon of fat. Second, lower the heat to medium, add one finely chopped shallot and cook for one minute, until soft. Third, deglaze: pour in 120 ml of wine, stock or even water, and scrape the fond loose with a wooden spoon as it bubbles. Reduce until about half is left. Fourth, add 240 ml of stock, homemade if you have it, since gelatin gives body, and simmer until it is reduced to about a third and lightly coats the back of a spoon. Fifth, take the pan off the heat and swirl in two tablespoons of cold butter, a piece at a time. Cold butter added off the heat emulsifies into a silky sauce; on high heat it splits and turns greasy. Sixth, finish with the resting juices from the meat plate, a squeeze of lemon or a few drops of vinegar, salt and pepper, and chopped herbs.',
      'Variations I cook all the time: mustard cream, made by deglazing with white wine and finishing with a tablespoon of Dijon mustard and 60 ml of cream; lemon caper, made with stock, lemon juice, a spoon of capers and parsley, which is great with chicken or fish; mushroom, where you brown 150 g of sliced mushrooms before the shallot and deglaze with red wine; and chipotle orange, where you deglaze with orange juice and add half a chopped chipotle in adobo.',
      'Common fixes: if the sauce is too thin, reduce it longer before adding butter; if it is too thick, add a splash of stock; if it tastes flat, add acid before salt; and if it has split, add a tablespoon of water off the heat and whisk hard.',
    ),
  },
  {
    key: 'tomas-web-rice',
    type: 'Website',
    title: 'Fluffy Stovetop Rice, Every Time',
    url: `${SITE}/lessons/stovetop-rice`,
    publishedAt: '2024-07-03T12:00:00.000Z',
    text: p(
      'Rice is the dish people are most nervous about, and it only takes three habits to get it right: rinse, measure and rest.',
      'Rinse long-grain rice such as jasmine or basmati in a bowl of cold water, swishing with your hand and pouring off the cloudy water, three or four times until it runs mostly clear. This removes loose surface starch that makes rice gummy. Do not rinse risotto rice or paella rice; their surface starch is the point.',
      'Measure by ratio. For jasmine rice, use about 1 cup of rice to 1¼ cups of water. For basmati, 1 to 1½. For long-grain white rice in general, 1 to 1½. Brown rice needs about 1 to 2 and much longer cooking. Wider pots let more water evaporate, so if your rice is still firm, add a few tablespoons more next time.',
      'The method: put rice, water and a pinch of salt in a pot with a tight-fitting lid and bring it to a boil uncovered. Stir once, cover, and turn the heat to the lowest setting. Cook for 15 minutes for white rice, or 40 to 45 for brown, without lifting the lid. Then take it off the heat and leave it covered for 10 minutes. That rest lets the moisture even out, so the bottom is not wet while the top is dry. Fluff with a fork and serve.',
      'If the bottom burns, your lowest setting is too hot; use a heat diffuser or a smaller burner. If the rice is mushy, use less water or rinse more thoroughly.',
      'Leftover rice needs care. Cooked rice can carry spores of a bacterium called Bacillus cereus that survive cooking and produce toxins if rice sits warm. Cool leftover rice quickly, spread out on a tray, refrigerate it within about an hour, and eat it within a day. Reheat it until it is steaming hot all the way through, and only reheat it once.',
      'Day-old, cold rice is perfect for fried rice, because the grains have firmed up and separate in a hot pan instead of turning to paste.',
    ),
  },
  {
    key: 'tomas-yt-knife-skills',
    type: 'Youtube',
    title: 'Knife Skills 101: Grip, Claw and Three Basic Cuts',
    url: 'https://www.youtube.com/watch?v=TomKnife101',
    publishedAt: '2023-11-08T16:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Hola, I’m Tomás. Today is knife skills from the very beginning: how to hold a chef’s knife, how to protect your fingers, and three cuts you’ll use every single day.',
      },
      {
        startMs: 24000,
        text: 'First, make the board safe. Put a damp towel or a damp paper towel under your cutting board so it can’t slide. A sliding board causes more accidents than a sharp knife.',
      },
      {
        startMs: 48000,
        text: 'Now the grip. Don’t hold the knife only by the handle like a hammer. Use the pinch grip: pinch the blade just in front of the handle between your thumb and the side of your index finger, and wrap your other three fingers around the handle. You get much more control this way.',
      },
      {
        startMs: 86000,
        text: 'Your other hand is the guide hand, and it makes a claw. Curl your fingertips under, so your knuckles face the blade. The flat side of the knife rests lightly against your knuckles, and your fingertips stay tucked behind them where the edge can’t reach.',
      },
      {
        startMs: 124000,
        text: 'The motion is a rocking slice, not chopping straight down. Keep the tip of the knife on the board and move the blade forward and down through the food. Let the knife do the work. If you have to push hard, your knife is dull.',
      },
      {
        startMs: 160000,
        text: 'Cut number one: dicing an onion. Cut it in half through the root, peel it, and leave the root on, because it holds the layers together. Make vertical cuts toward the root without cutting through it, then slice across. No need for the horizontal cuts most of the time.',
      },
      {
        startMs: 210000,
        text: 'Cut number two: julienne, thin matchsticks. Square off a carrot so it sits flat and can’t roll, cut it into 5 centimetre lengths, slice those into thin planks, stack the planks and cut them into matchsticks. Always give round vegetables a flat side first.',
      },
      {
        startMs: 255000,
        text: 'Cut number three: chiffonade, for basil, mint or spinach. Stack the leaves, roll them up tightly like a cigar, and slice across the roll into thin ribbons. Use a sharp knife and one smooth slice so the leaves don’t bruise and turn black.',
      },
      {
        startMs: 292000,
        text: 'Keep your knife sharp. Honing with a steel realigns the edge and you can do it every time you cook. Sharpening removes metal to make a new edge, maybe every few months for a home cook. Most Western chef’s knives are sharpened at around 15 to 20 degrees per side.',
      },
      {
        startMs: 332000,
        text: 'Safety habits: never try to catch a falling knife, step back and let it fall. Don’t leave knives in a sink full of soapy water. Scrape food off the board with the spine of the knife, not the edge.',
      },
      {
        startMs: 362000,
        text: 'Practise the pinch grip and the claw on one onion a day for a week and it will start to feel natural. Speed comes later; control comes first.',
      },
    ],
  },
  {
    key: 'tomas-yt-searing',
    type: 'Youtube',
    title: 'How to Get a Real Sear on Steak and Chicken',
    url: 'https://www.youtube.com/watch?v=SearSteak42',
    publishedAt: '2024-03-13T16:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'If your steak comes out grey instead of deep brown, this video is for you. A real sear comes down to three things: a dry surface, a hot pan, and patience.',
      },
      {
        startMs: 22000,
        text: 'The brown crust comes from the Maillard reaction, which gets going quickly once the surface is well above the boiling point of water, roughly 140 °C and up. While there’s water on the surface, it can’t get hotter than 100 °C, so the meat steams instead of browning.',
      },
      {
        startMs: 58000,
        text: 'So step one is dryness. Pat the meat very dry with paper towels. Even better, salt it the night before and leave it uncovered on a rack in the fridge. The surface dries out and you get a faster, deeper sear.',
      },
      {
        startMs: 92000,
        text: 'Step two is the pan. Cast iron or heavy stainless steel hold heat, so they don’t cool down when the meat goes in. Thin nonstick pans lose heat fast and struggle to sear. Preheat the pan over medium-high heat for three to four minutes.',
      },
      {
        startMs: 125000,
        text: 'Step three, the oil. Use a thin layer of an oil with a high smoke point, like avocado, peanut or sunflower oil. When it shimmers and the first wisp of smoke appears, the pan is ready. Save butter for the end.',
      },
      {
        startMs: 158000,
        text: 'Step four: don’t crowd the pan. Leave space between pieces. Too much meat at once drops the temperature and releases juices, and you’re back to steaming. Cook in batches if you need to.',
      },
      {
        startMs: 190000,
        text: 'Step five, and the hardest one: don’t touch it. Leave the meat alone for two to three minutes. It will stick at first and release on its own once the crust forms. If it won’t let go, it isn’t ready.',
      },
      {
        startMs: 225000,
        text: 'For thin steaks and chicken thighs, sear hard on both sides and you’re done. For steaks thicker than about 4 centimetres, try the reverse sear: cook gently in a 120 °C oven until about 10 degrees below your target, then sear in a screaming hot pan for a minute per side.',
      },
      {
        startMs: 268000,
        text: 'Use a thermometer instead of guessing. For beef, about 52 °C is rare, 55 to 57 °C is medium-rare and 60 to 63 °C is medium. Chicken should reach 74 °C in the thickest part. In the last minute, add butter, garlic and thyme and baste.',
      },
      {
        startMs: 305000,
        text: 'Rest the meat for five minutes on a rack or board, then slice across the grain. Don’t wash that pan yet: the brown bits on the bottom are the start of a great pan sauce.',
      },
      {
        startMs: 335000,
        text: 'Recap: dry surface, hot heavy pan, high smoke point oil, room between pieces, and don’t move it. Do those five and your steak will never be grey again.',
      },
    ],
  },
  {
    key: 'tomas-yt-emulsions',
    type: 'Youtube',
    title: 'Vinaigrette and Mayonnaise: Emulsions Without Fear',
    url: 'https://www.youtube.com/watch?v=EmulsiFy007',
    publishedAt: '2024-06-12T16:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Today we’re making two emulsions every home cook should know: a vinaigrette and a homemade mayonnaise. An emulsion is simply tiny droplets of oil suspended in water, or the other way around, held together by an emulsifier.',
      },
      {
        startMs: 28000,
        text: 'The classic vinaigrette ratio is three parts oil to one part acid. I use 45 ml of red wine vinegar, a teaspoon of Dijon mustard, a pinch of salt, and then 135 ml of olive oil. The mustard is the emulsifier; it keeps the dressing creamy for longer.',
      },
      {
        startMs: 62000,
        text: 'Whisk the vinegar, mustard and salt first so the salt dissolves, because salt won’t dissolve in oil. Then add the oil in a thin stream while whisking. Or do what I do on weeknights: put everything in a jar and shake it hard for 20 seconds.',
      },
      {
        startMs: 98000,
        text: 'Taste it on a leaf, not from the spoon, because the dressing should taste a bit too strong on its own. Adjust with more acid, a touch of honey, or more salt. It keeps for a week in the fridge; just shake it again before using.',
      },
      {
        startMs: 132000,
        text: 'Now mayonnaise. One egg yolk at room temperature, one teaspoon of mustard, one tablespoon of lemon juice and a pinch of salt. Then about 200 to 250 ml of a neutral oil like sunflower. Olive oil alone can taste bitter when whisked hard.',
      },
      {
        startMs: 168000,
        text: 'The secret is the start. Add the oil literally drop by drop while whisking for the first 50 ml or so, until the mixture thickens and looks like pale ointment. After that you can pour in a thin stream.',
      },
      {
        startMs: 205000,
        text: 'If your mayonnaise breaks and turns into a greasy soup, don’t throw it away. Put a fresh yolk, or a tablespoon of warm water, in a clean bowl and slowly whisk the broken mixture into it, a little at a time. It comes back together.',
      },
      {
        startMs: 240000,
        text: 'A note on raw eggs: homemade mayo isn’t cooked, so use very fresh eggs, keep it in the fridge and eat it within about three days. If you’re pregnant, cooking for small children or older people, use pasteurised eggs.',
      },
      {
        startMs: 270000,
        text: 'Once you have the base, play with it: garlic for aioli, chipotle and lime, or fresh herbs. And a spoonful of vinaigrette whisked into mayo makes a great dressing for potato salad.',
      },
    ],
  },
  {
    key: 'tomas-file-weeknight-plan',
    type: 'File',
    title: 'Weeknight Meal Plan: One Sunday Prep, Five Dinners',
    url: '/media/files/tomas-weeknight-meal-plan.md',
    publishedAt: '2024-08-21T12:00:00.000Z',
    text: p(
      'This plan turns about 90 minutes of cooking on Sunday into five weeknight dinners for two, each ready in 20 minutes or less. The idea is simple: cook components, not meals, and combine them differently each night.',
      'The Sunday prep, in order. First, heat the oven to 220 °C. Cut two trays of vegetables, such as broccoli, sweet potato, red onion and peppers, toss them with oil and salt, and roast for 25 to 30 minutes, until browned at the edges. Second, while they roast, cook a pot of rice using the stovetop method (1 cup of rice to 1½ cups of water, 15 minutes on low, 10 minutes resting) and cool it quickly on a tray. Third, simmer 500 g of dried black beans that soaked overnight in salted water, with half an onion, a bay leaf and two garlic cloves, for about one hour until creamy inside. Fourth, dry-brine 1 kg of boneless chicken thighs with 10 g of salt, then mix them with lime juice, garlic, cumin and smoked paprika, and refrigerate. Fifth, shake a jar of vinaigrette: 135 ml of olive oil, 45 ml of vinegar, a teaspoon of mustard and a pinch of salt.',
      'The five dinners. Monday: sear half the chicken in a hot cast iron pan and serve it with roasted vegetables and rice, with a quick pan sauce made with lime and a splash of stock. Tuesday: black bean tacos with warm tortillas, quick-pickled onion, crumbled cheese and chopped coriander. Wednesday: fried rice made with the cold rice, the leftover vegetables, two eggs, soy sauce and spring onions. Thursday: sear the rest of the chicken and serve it sliced on a big salad with the vinaigrette and a handful of toasted seeds. Friday: black bean soup, made by blending half the remaining beans with stock and a chipotle, then stirring in the whole beans and topping with yoghurt.',
      'Storage guide. Cooked rice: refrigerate within an hour and use within one day, so keep Monday’s portion in the fridge and freeze the portion for Wednesday’s fried rice on Sunday, then thaw it in the fridge on Tuesday night. Cooked beans: four to five days in the fridge, in their liquid. Roasted vegetables: four days. Marinated raw chicken: cook it within two days, so by Tuesday night, and if Thursday is the plan, freeze that half on Sunday and move it to the fridge on Wednesday morning. Vinaigrette: one week.',
      'Shopping list for two: 1 kg chicken thighs, 500 g dried black beans, 2 cups jasmine rice, two trays of mixed vegetables, limes, garlic, onions, eggs, tortillas, cheese, salad leaves, yoghurt, chipotles in adobo, coriander and spring onions.',
    ),
  },
  {
    key: 'tomas-file-pantry',
    type: 'File',
    title: 'The Home Cook’s Pantry Checklist',
    url: '/media/files/tomas-pantry-checklist.md',
    publishedAt: '2023-10-04T12:00:00.000Z',
    text: p(
      'A well-stocked pantry is the difference between “there is nothing to eat” and a good dinner in 20 minutes. This is the checklist I give every student in my first class.',
      'Fats and oils: a neutral high-smoke-point oil for searing (sunflower, peanut or avocado), a good extra-virgin olive oil for dressings and finishing, and unsalted butter, which keeps in the freezer.',
      'Acids: red wine vinegar, rice vinegar, and fresh limes and lemons. When a dish tastes flat, acid is usually what is missing.',
      'Salt: one coarse kosher salt for everyday cooking, one flaky salt for finishing, and a digital scale so you can weigh it.',
      'Spices: whole cumin seeds, coriander seeds, black peppercorns, dried chillies such as ancho and chipotle, smoked paprika, dried oregano, cinnamon sticks and bay leaves. Buy small amounts. Ground spices lose much of their aroma within six months to a year, and whole spices keep longer, so grind or toast them as you need them.',
      'Cans and jars: whole peeled tomatoes, chickpeas and black beans, coconut milk, anchovies, chipotles in adobo, Dijon mustard, capers, soy sauce and fish sauce.',
      'Dry goods: jasmine or basmati rice, dried pasta in two shapes, dried beans and lentils, bread flour and all-purpose flour, instant yeast stored in the freezer, rolled oats, and corn tortillas or masa harina.',
      'Freezer: homemade chicken stock in portions and ice-cube trays, frozen peas, frozen spinach, good bread in slices, and a bag of bones and vegetable scraps that will become the next batch of stock.',
      'Fresh basics that keep well: onions, garlic, shallots, potatoes, carrots, eggs and a hard cheese such as Parmesan or cotija.',
      'Storage tips: keep oils and spices away from the stove, because heat and light make them stale and rancid faster. Store flour in airtight containers, and whole wheat flour in the fridge or freezer, because its oils go rancid within a few months. Label everything with the date you opened it.',
      'Three pantry dinners to prove the point: spaghetti with garlic, anchovy, chilli and olive oil; chickpeas braised in tomato with cumin and a fried egg on top; and fried rice with frozen peas, eggs and soy sauce.',
    ),
  },
]

export const tomasRivera: SeedClone = {
  key: 'tomas-rivera',
  slug: 'tomas-rivera',
  name: 'Chef Tomás Rivera',
  headline: 'Home-cooking teacher: real kitchen techniques for everyday cooks',
  description:
    'Chef Tomás Rivera cooked in restaurant kitchens for twelve years before he started teaching home cooks in small weekend classes. His clone answers questions about knife skills, stocks, bread, searing and weeknight cooking, using his own lessons and videos.',
  imageUrl: '/media/clones/tomas-rivera.svg',
  verified: false,
  public: true,
  language: 'en',
  languages: ['en'],
  voiceId: null,
  allowVoice: false,
  allowVideo: false,
  phoneNumber: null,
  telegramUsername: null,
  phoneSmsEnabled: false,
  phoneWhatsAppEnabled: false,
  telegramEnabled: false,
  viewSources: true,
  toneFeedback: null,
  tier: 'STARTER',
  orgs: [],
  socials: {
    instagram: null,
    linkedin: null,
    twitter: null,
    facebook: null,
    youtube: null,
    website: null,
    extras: [],
  },
  options: { requireEmail: false, warning: false, customWarning: null },
  anonymousQuota: { messages: 20, voiceMinutes: 0, videoMinutes: 0 },
  upsellTitle: "You've cooked through this month's free questions for {name}",
  suggestedQuestions: [
    'How should I hold my knife and protect my fingers?',
    'What hydration should I use for my first loaf of bread?',
    'How do I make chicken stock that gels?',
    'Why does my steak turn grey instead of getting a good sear?',
  ],
  instances: [],
  memberships: [
    {
      key: 'tomas-kitchen-regular',
      name: 'Kitchen Regular',
      basePrice: 5,
      annualPrice: 50,
      smsEnabled: false,
      voiceEnabled: false,
      videoEnabled: false,
      telegramEnabled: false,
      customDescription: 'Ask Tomás as many cooking questions as you like each month in chat.',
      includedMessagesPerMonth: 500,
      includedMinutesPerMonth: 0,
      includedVideoMinutesPerMonth: 0,
    },
  ],
  embeds: [
    {
      key: 'bubble',
      name: 'Demo bubble',
      layout: 'bubble',
      whitelabel: false,
      textLimit: null,
      voiceLimitSeconds: null,
    },
  ],
  documents,
}
