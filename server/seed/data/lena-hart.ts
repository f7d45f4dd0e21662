import { SPECIAL_TEXT_LIMIT, SPECIAL_VOICE_LIMIT_SECONDS } from '../../../contract/embed'
import { CREATOR_ANSWER_TITLE } from '../../../contract/knowledge'
import type { SeedClone, SeedDocument } from '../types'

/** Joins paragraphs with a blank line between them. */
const p = (...paragraphs: string[]): string => paragraphs.join('\n\n')

const SITE = 'https://lenahart.example.com'

const websites: SeedDocument[] = [
  {
    key: 'lena-web-caffeine',
    type: 'Website',
    title: 'Caffeine Cutoff: When to Drink Your Last Coffee',
    url: `${SITE}/articles/caffeine-cutoff`,
    publishedAt: '2024-02-06T09:00:00.000Z',
    text: p(
      'Caffeine does not give you energy. It hides tiredness. Every hour you are awake, a molecule called adenosine builds up in the brain and creates what sleep scientists call sleep pressure. Caffeine sits on the adenosine receptors and blocks the signal, but the adenosine is still there. When the caffeine wears off, the pressure comes back, and if the caffeine has not worn off by bedtime, your sleep pays the price.',
      'The key number is the half-life: the time your body needs to clear half of a dose. For a healthy adult it averages about five hours, but the range is wide, from roughly three to more than seven hours. Genetics (especially the liver enzyme CYP1A2), pregnancy, hormonal contraceptives and some medications slow clearance; smoking speeds it up. So a 200 mg coffee at 4 pm can still leave around 100 mg in your system at 9 pm. That is roughly an espresso at bedtime.',
      'Many people say, “I can drink coffee after dinner and still fall asleep.” Often true, and often irrelevant. In a well-known lab study, 400 mg of caffeine taken six hours before bed still cut total sleep by about an hour, and participants mostly did not notice. Caffeine also reduces deep (slow-wave) sleep, the stage athletes rely on for physical recovery, even when falling asleep feels normal.',
      'So how late in the day can you drink coffee without hurting your sleep? My caffeine cutoff rule: have your last caffeine at least 8 hours before your target bedtime. If you are sensitive, a slow metabolizer, or you are struggling with insomnia, make it 10 hours. With a 10:30 pm bedtime, that means the last coffee by 2:30 pm, or by 12:30 pm if you are sensitive.',
      'Watch the hidden caffeine. Pre-workout powders often contain 150 to 300 mg per scoop. Caffeinated energy gels carry 25 to 100 mg each. Black and green tea have 30 to 50 mg a cup, cola around 30 to 40 mg a can, a 40 g bar of dark chocolate about 20 mg, and even decaf coffee contains a few milligrams. Evening training sessions fuelled by a pre-workout drink are one of the most common sleep problems I see in athletes. Train without it, halve the dose, or move the key session earlier.',
      'Run a two-week experiment: move your cutoff two hours earlier and keep a simple sleep diary of how long it takes to fall asleep, how often you wake, and how alert you feel in the morning. If you drink a lot of caffeine, do not quit overnight. Withdrawal headaches start 12 to 24 hours after the last dose, so taper by about a quarter every few days.',
    ),
  },
  {
    key: 'lena-web-bedroom-temperature',
    type: 'Website',
    title: 'The Cool Bedroom: The Best Temperature for Sleep',
    url: `${SITE}/articles/bedroom-temperature`,
    publishedAt: '2024-05-14T09:00:00.000Z',
    product: {
      name: 'CoolCore Breathable Mattress Topper',
      url: 'https://shop.example.com/lena-hart/coolcore-mattress-topper',
      imageUrl: '/media/products/cooling-topper.svg',
    },
    text: p(
      'Your body temperature is part of your sleep switch. Core temperature starts to fall about two hours before your usual bedtime and keeps dropping by roughly 1 °C until the early morning. To lose that heat, blood vessels in the hands and feet open up, which is why warm feet help you fall asleep and why a hot room keeps you awake.',
      'For most adults the sweet spot for bedroom temperature is 16 to 19 °C (about 60 to 67 °F). Older adults and people who run cold may prefer the top of that range. When the room is too warm, people wake more often and get less deep sleep and REM sleep. When it is very cold, falling asleep is usually fine but the body works harder in the second half of the night.',
      'A warm shower or bath helps, as long as the timing is right. A research review found that bathing in water around 40 to 42 °C for about ten minutes, one to two hours before bed, helped people fall asleep roughly ten minutes faster. The warm water draws blood to the skin, and once you step out the heat escapes quickly, speeding up the natural drop in core temperature. A scalding shower right before lights out has the opposite effect.',
      'Practical checklist for a cool bedroom: set the thermostat to 17 to 18 °C if you can; use breathable cotton or linen sheets; layer bedding instead of one heavy duvet so you can adjust during the night; keep humidity between 40 and 60 percent; and wear socks if your feet are cold, because cold feet keep those blood vessels closed.',
      'Heatwave plan: keep blinds closed during the day, open windows when the outside air is cooler than the inside air, run a fan across the bed, cool your wrists and feet with a damp cloth, and if you can, sleep on the lowest floor of the house.',
      'Athletes who train in the evening should know that hard exercise raises core temperature for one to two hours. Finish intense sessions at least two hours before bed and take a cool (not ice-cold) shower afterwards.',
      'If your mattress traps heat, a breathable topper can help. I use the CoolCore topper at home and link to it here. It is an affiliate link, so I earn a small commission at no extra cost to you. A topper is a nice extra, not a requirement: the thermostat, bedding and shower timing matter more.',
    ),
  },
  {
    key: 'lena-web-blue-light',
    type: 'Website',
    title: 'Blue Light Myths: What Your Phone Really Does to Your Sleep',
    url: `${SITE}/articles/blue-light-myths`,
    publishedAt: '2023-11-21T09:00:00.000Z',
    text: p(
      'Blue light has become the villain of sleep advice, and the story is only half right. The eye contains special light-sensing cells (intrinsically photosensitive retinal ganglion cells) that tell the body clock whether it is day or night. They are most sensitive to blue-ish light around 480 nanometres, and bright light in the evening delays the release of melatonin.',
      'The missing piece is brightness. A phone held at arm’s length delivers only a few tens of lux to your eyes. Bright overhead kitchen lighting can give 300 lux or more, and daylight gives 10,000 to 100,000 lux. The early lab study that made headlines had people read on a tablet at full brightness for four hours a night, five nights in a row, and their melatonin was delayed by about an hour and a half compared with reading a printed book. Real-world studies with normal use usually find much smaller effects, often a few minutes of extra time to fall asleep.',
      'So what is the real problem with screens at night? Mostly the content and the time. An exciting game, a stressful work email or one more episode keeps the brain alert and pushes bedtime later. That displaced sleep matters far more than the colour of the pixels.',
      'Night Shift and similar modes make the screen warmer but barely change its brightness, so do not count on them. Blue-blocking (amber) glasses have mixed evidence: they may help some night owls with a delayed body clock, but they are not a cure for insomnia.',
      'What I recommend instead: dim all the lights in your home in the last hour before bed, use warm-coloured bulbs in the evening, keep the phone out of the bed and charging in another room, choose calm content if you do use a screen, and set a screen curfew based on what you are doing rather than on the light colour. Above all, get bright light in the morning. Morning daylight strengthens your body clock so much that a little evening screen time matters less.',
    ),
  },
  {
    key: 'lena-web-melatonin',
    type: 'Website',
    title: 'Melatonin: Dosing, Timing and When to Be Careful',
    url: `${SITE}/articles/melatonin-dosing`,
    publishedAt: '2024-01-09T09:00:00.000Z',
    text: p(
      'This article is education, not medical advice. Talk to your doctor or pharmacist before taking melatonin, especially if you are pregnant, breastfeeding, take other medicines, or are thinking about giving it to a child.',
      'Melatonin is a darkness signal, not a sleeping pill. Your brain starts releasing it about two hours before your usual bedtime, and it tells the body that night has begun. That is why melatonin is better at moving your body clock than at knocking you out. Meta-analyses suggest that as a sleep aid it helps people fall asleep only about seven to twelve minutes faster on average.',
      'Two different uses need two different approaches. To shift the body clock earlier (for a night owl, or before flying east), research uses low doses of about 0.5 mg taken three to five hours before your usual bedtime. To help with sleep on the first nights after an eastward flight, studies typically use 0.5 to 3 mg taken at local bedtime for a few nights.',
      'More is not better. Many products sold in shops contain 3 to 10 mg, which raises blood levels far above what your own brain makes. Higher doses do not shift the clock more, and they are more likely to leave you groggy the next morning, give you headaches or vivid dreams. If your doctor agrees you should try it, start with the lowest dose.',
      'Label accuracy is a real issue. In many countries melatonin is sold as a supplement, and one analysis of shop products found actual content ranging from far below to almost five times the label, with some products containing other active substances. Choose a product with independent third-party testing.',
      'Be careful with interactions: melatonin can interact with blood thinners, some epilepsy medicines, immune-suppressing drugs, diabetes medicines and sedatives. Do not drive or train hard if it makes you drowsy.',
      'Finally, melatonin is not a treatment for chronic insomnia. If you struggle to sleep three or more nights a week for months, cognitive behavioural therapy for insomnia (CBT-I) is the first-line treatment and works better in the long run.',
    ),
  },
  {
    key: 'lena-web-alcohol',
    type: 'Website',
    title: 'Alcohol and Sleep: Why the Nightcap Backfires',
    url: `${SITE}/articles/alcohol-and-sleep`,
    publishedAt: '2023-12-12T09:00:00.000Z',
    text: p(
      'A glass of wine before bed feels like it helps. Alcohol is a sedative, so many people fall asleep faster after drinking. The trouble comes later in the night.',
      'Your liver clears alcohol at roughly one standard drink per hour. As blood alcohol falls during the second half of the night, the brain rebounds into a lighter, more alert state. The result is more awakenings, more tossing and turning, and that familiar 3 am wake-up. Alcohol also suppresses REM sleep early in the night, and REM comes back later in a burst, often with vivid or unsettling dreams.',
      'Alcohol relaxes the muscles of the throat, which makes snoring louder and can make sleep apnea noticeably worse. It is also a diuretic, so bathroom trips break up sleep further.',
      'If you wear a sleep tracker, you have probably seen the evidence yourself. Even one or two drinks in the evening usually raise your overnight resting heart rate and lower your heart rate variability (HRV). Many of my athletes see their lowest recovery scores of the month after a celebration dinner.',
      'For athletes there is a second cost. Alcohol after hard training reduces muscle protein synthesis and slows how fast you refill glycogen. The night after a race or a key session is exactly when you want the best sleep and recovery, and exactly when the celebratory drinks appear.',
      'My practical guidelines: finish your last drink at least three to four hours before bed, which gives your body time to clear one or two drinks; keep it to one or two; drink a glass of water with each drink; eat with it; and never use alcohol as a sleep aid. After a race, rehydrate and eat a proper meal first, and celebrate earlier in the evening.',
      'If you notice that you need a drink to fall asleep, take that seriously and talk to your doctor. Alcohol dependence and insomnia often feed each other, and both are treatable.',
    ),
  },
  {
    key: 'lena-web-shift-work',
    type: 'Website',
    title: 'Sleeping on Shift: A Practical Guide for Night Workers',
    url: `${SITE}/articles/shift-work-sleep`,
    publishedAt: '2024-03-19T09:00:00.000Z',
    text: p(
      'Nurses, paramedics, pilots, factory workers and parents of newborns all face the same problem: working when the body clock says sleep, and sleeping when it says wake. Your body clock does not fully flip to nights, even after weeks, so the goal is damage control rather than perfection.',
      'Plan your main sleep. After a night shift, go to bed as soon as you can, for example from 8:30 am to 3:30 pm, rather than running errands first. If a long block is impossible, use an anchor sleep: a four-hour block at the same time every day, including days off, topped up with a second sleep or nap.',
      'Nap before the first night shift. A 90-minute nap in the late afternoon, such as 5 to 6:30 pm, reduces sleepiness during the night. During the shift, a 20-minute nap during a break, if your workplace allows it, improves alertness.',
      'Use caffeine early in the shift only. Have it in the first half of the night and stop at least four to six hours before your planned daytime sleep.',
      'Control light. Bright light during the first half of the night shift helps you stay alert. On the commute home wear dark sunglasses, because morning sunlight tells your body clock it is daytime and makes daytime sleep harder.',
      'Make the bedroom a cave: blackout curtains or an eye mask, earplugs or white noise, phone on do not disturb, and a sign on the door so family and deliveries do not wake you.',
      'Drive safely. The drive home after a night shift is one of the riskiest moments of the week. If you feel drowsy, take a 20-minute nap before driving, use public transport, or share a ride.',
      'Food: try to avoid large meals between midnight and 6 am, when digestion is slow. A light snack with protein keeps you going without the heavy, sluggish feeling.',
      'If you work rotating shifts, forward rotation (day to evening to night) is easier for the body clock than backward rotation. On days off, do not flip completely back to a day schedule; a middle-ground schedule makes the return to nights easier.',
    ),
  },
  {
    key: 'lena-web-teen-sleep',
    type: 'Website',
    title: 'Teen Sleep: Why Your Teenager Is Not Lazy',
    url: `${SITE}/articles/teen-sleep`,
    publishedAt: '2023-09-05T09:00:00.000Z',
    text: p(
      'If your teenager cannot fall asleep before midnight and cannot get up for school, biology is a big part of the story. During puberty the body clock shifts later by up to about two hours. Melatonin is released later in the evening, and sleep pressure builds more slowly across the day, so a 15-year-old is simply not sleepy at 9:30 pm.',
      'Teenagers aged 13 to 18 need 8 to 10 hours of sleep a night, according to sleep medicine guidelines. Combine a late body clock with an early school start and many teens sleep six to seven hours on school nights. That is why paediatric groups recommend that middle and high schools start no earlier than 8:30 am.',
      'Short sleep in teens affects mood, attention, grades, driving safety and sports. In one study of adolescent athletes, those who slept less than eight hours a night had a 1.7 times higher risk of injury than those who slept more.',
      'What parents can do: get morning light, because a walk or bike ride to school in daylight pulls the body clock earlier; keep the weekend wake-up time within one to two hours of the school-day time, since very long lie-ins push the clock later again; charge phones outside the bedroom, which protects sleep time more than any app setting; cut energy drinks and afternoon caffeine; avoid scheduling late-evening training, and if practice finishes at 9 pm, build in a calm routine afterwards; and talk rather than punish, because teens respond better to understanding how sleep helps their sport, skin and mood than to rules.',
      'Watch for warning signs: loud snoring, falling asleep in class, low mood or anxiety that gets worse, or a sleep schedule that will not move no matter what you try. Those deserve a conversation with your paediatrician.',
    ),
  },
  {
    key: 'lena-web-magnesium',
    type: 'Website',
    title: 'Magnesium and Sleep: Hype vs Evidence',
    url: `${SITE}/articles/magnesium-and-sleep`,
    publishedAt: '2024-06-25T09:00:00.000Z',
    product: {
      name: 'Hart Lab Magnesium Glycinate (200 mg)',
      url: 'https://shop.example.com/lena-hart/magnesium-glycinate',
      imageUrl: '/media/products/magnesium-glycinate.svg',
    },
    text: p(
      'Magnesium is having a moment on social media as the sleep supplement everyone should take. Here is what the evidence actually says.',
      'Magnesium is involved in more than 300 enzyme reactions, including ones that regulate nerves and muscles. Many people eat less than the recommended amount, especially with diets low in leafy greens, nuts, seeds, beans and whole grains, and endurance athletes lose some magnesium in sweat.',
      'The research on magnesium for sleep is small. Most trials are in older adults or in people with low magnesium intake, and they show modest improvements in how fast people fall asleep and how well they rate their sleep. In people who already eat enough, the benefit is uncertain. Think of magnesium as fixing a shortfall, not as a sedative.',
      'The form matters. Magnesium glycinate is well absorbed and gentle on the stomach. Magnesium citrate is also well absorbed but has a laxative effect at higher doses. Magnesium oxide is cheap but poorly absorbed.',
      'Typical supplement doses are 200 to 350 mg of elemental magnesium a day, taken with the evening meal. In the United States, the upper limit for magnesium from supplements is 350 mg a day for adults. Above that, diarrhoea is the usual first sign.',
      'Food first. 30 g of pumpkin seeds gives around 150 mg, a handful of almonds about 80 mg, a cup of cooked spinach more than 150 mg, and black beans and dark chocolate add more. A daily handful of nuts and seeds covers a big part of the need.',
      'Be careful if you have kidney disease, because your body may not clear extra magnesium. Magnesium can also reduce the absorption of some antibiotics (tetracyclines and quinolones) and osteoporosis medicines (bisphosphonates), so separate them by two to four hours and check with your pharmacist.',
      'I take a 200 mg magnesium glycinate with dinner during heavy training blocks, and I link to the brand I use. It is an affiliate link. Try the food changes first, and if you supplement, give it three to four weeks before judging the effect.',
    ),
  },
  {
    key: 'lena-web-weekend-catchup',
    type: 'Website',
    title: 'Weekend Catch-Up Sleep: Can You Repay Sleep Debt by Sleeping In?',
    url: `${SITE}/articles/weekend-catch-up-sleep`,
    publishedAt: '2024-08-13T09:00:00.000Z',
    text: p(
      'Five short nights, then a long Saturday lie-in: it is the most common sleep pattern I see. Does sleeping in on the weekend repay the debt? Partly, and not as well as you would hope.',
      'Some recovery is real. After a few short nights, extra sleep improves alertness and mood. But controlled lab studies show the limits. In one experiment, people who slept five hours a night during the week and then slept as much as they wanted on the weekend did not fully recover. Their insulin sensitivity stayed worse, and they still ate more in the evening after dinner, compared with people who slept normally all week.',
      'Long lie-ins also create social jet lag. If you sleep from midnight to 7 am on weekdays and from 2 am to 11 am on weekends, your body clock experiences something like flying two time zones west every Friday and back every Monday. A gap of two hours or more between the midpoint of sleep on workdays and free days is linked to worse mood and poorer metabolic health. It is also why Sunday night insomnia and Monday morning fog are so common.',
      'My weekend catch-up sleep rules: keep your wake-up time within about one hour of your weekday time; if you need more sleep, go to bed earlier on Friday and Saturday instead of sleeping in; an early-afternoon nap of 20 to 30 minutes before 3 pm is a better top-up than a long lie-in; an occasional lie-in of 60 to 90 minutes after a very late night is fine, just do not make it a weekly habit; and the real fix is on weeknights, where even 20 to 30 minutes more sleep per night adds up to more than two hours a week.',
      'There is one situation where extra sleep in advance helps. Sleep banking, adding one to two hours in bed each night for a week before a known short night such as an early race or an overnight flight, reduces the hit to performance and alertness. That is different from trying to pay back a debt after the fact.',
    ),
  },
  {
    key: 'lena-web-snoring-apnea',
    type: 'Website',
    title: 'Snoring or Sleep Apnea? Warning Signs Not to Ignore',
    url: `${SITE}/articles/snoring-sleep-apnea`,
    publishedAt: '2024-10-01T09:00:00.000Z',
    text: p(
      'Snoring is common, and most snoring is simply noise. But snoring is also the main sign of obstructive sleep apnea (OSA), a condition in which the upper airway collapses again and again during sleep, oxygen levels drop, and the brain briefly wakes to reopen the airway. Many people with apnea have no idea they wake dozens of times an hour.',
      'Sleep apnea is diagnosed with a sleep study. The apnea-hypopnea index (AHI) counts breathing pauses and shallow breaths per hour: 5 to 15 events an hour is mild, 15 to 30 is moderate, and more than 30 is severe.',
      'Clinicians often use the STOP-BANG questions as a quick screen: Snoring loudly; Tired during the day; Observed pauses in breathing; high blood Pressure; BMI above 35; Age over 50; Neck circumference above 40 cm; Gender male. Three or more yes answers means a higher risk and a good reason to get checked.',
      'Other warning signs: waking with a headache or a dry mouth, getting up to urinate several times a night, gasping or choking awake, high blood pressure that is hard to control, atrial fibrillation, and unrefreshing sleep even after eight hours in bed.',
      'Fit people are not immune. I see apnea in strength athletes with thick necks, in cyclists with chronic nasal congestion, and in women after menopause, when risk rises sharply. A common story: an endurance athlete whose performance stalls and who feels exhausted despite good training and nutrition.',
      'Do not diagnose yourself with a wearable. Blood oxygen estimates from rings and watches can flag a pattern worth discussing, but they cannot rule apnea in or out. And be wary of mouth taping: it can quiet the snoring while the apnea underneath carries on.',
      'Treatment works. Depending on severity, options include CPAP (a mask that keeps the airway open with gentle air pressure), custom oral appliances from a dentist, positional therapy, weight loss, treating nasal blockage, and surgery in selected cases. Most people feel a difference within weeks.',
      'One urgent warning: if you fall asleep while driving or nearly do, stop driving long distances and see a doctor promptly.',
    ),
  },
]

const youtube: SeedDocument[] = [
  {
    key: 'lena-yt-jet-lag',
    type: 'Youtube',
    title: 'My Jet Lag Protocol for Racing Across Time Zones',
    url: 'https://www.youtube.com/watch?v=Jt7LagRace1',
    publishedAt: '2024-04-02T15:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Hi, I’m Lena. Today I’m sharing the exact jet lag protocol I use with athletes flying to races across time zones. The short version: your body clock shifts about an hour a day on its own, and light is the lever that speeds it up or slows it down.',
      },
      {
        startMs: 28000,
        text: 'First rule: flying east is harder than flying west. Most people’s internal day runs a little longer than 24 hours, so stretching the day comes more naturally than shortening it. Fly New York to Berlin, six hours east, and doing nothing can mean most of a week before you feel normal.',
      },
      {
        startMs: 64000,
        text: 'Step one starts at home, three days before departure. For eastward travel, move bedtime and wake time one hour earlier each day and get bright light right after waking. For westward travel, do the reverse: go to bed an hour later each day and get bright light in the evening.',
      },
      {
        startMs: 103000,
        text: 'Step two is arrival timing. Ideally you’d arrive one day early for every time zone crossed, but that’s rarely realistic. For a key race after a big shift, aim to arrive at least three to four days early. For very short trips of 48 hours or less, it can be smarter to stay on home time.',
      },
      {
        startMs: 145000,
        text: 'Step three is light at your destination, and timing beats amount. After a big eastward flight, avoid bright light in the early morning for the first day or two, so wear sunglasses, and seek daylight from late morning into the early afternoon. Light that hits before your body temperature low point can push your clock the wrong way.',
      },
      {
        startMs: 190000,
        text: 'After a westward flight, get outside in the late afternoon and evening and stay up until at least 9 pm local time. A walk outside around sunset does more than any gadget.',
      },
      {
        startMs: 222000,
        text: 'Step four is melatonin, with caution. A low dose, 0.5 to 3 milligrams, taken at local bedtime for up to four nights after an eastward flight has reasonable evidence for easing jet lag. Check with your doctor first, especially if you take other medication.',
      },
      {
        startMs: 268000,
        text: 'Step five: sleep on the plane strategically. On an overnight eastward flight, sleep as early as you can. Skip the meal service, use an eye mask and earplugs. On a daytime westward flight, stay awake or keep naps short.',
      },
      {
        startMs: 305000,
        text: 'After you land, keep naps under 30 minutes and before 3 pm local time. A four-hour nap at 2 pm on arrival day is the most common mistake I see. It anchors you firmly to home time.',
      },
      {
        startMs: 340000,
        text: 'Caffeine is a tool here. Use it in the local morning to stay awake, and stop by early afternoon local time. Skip alcohol on the flight; it fragments sleep and adds to dehydration.',
      },
      {
        startMs: 378000,
        text: 'Training on arrival: an easy 30 to 45 minute session outdoors in daylight, at the right time of day, helps you adapt. Save hard sessions for day three or later after a big eastward shift, because your performance peak is still on home time.',
      },
      {
        startMs: 420000,
        text: 'Race morning is where this pays off. If your race starts at 7 am and you flew six hours east, your body thinks it’s 1 am. If you couldn’t arrive early, warm up in bright light, use your normal race caffeine, and accept a slightly slower start.',
      },
      {
        startMs: 458000,
        text: 'Recap: shift your schedule an hour a day before you leave, time your light exposure, consider low-dose melatonin with your doctor’s OK, keep naps short, and plan hard sessions for after you’ve adapted. Safe travels and good racing.',
      },
    ],
  },
  {
    key: 'lena-yt-naps',
    type: 'Youtube',
    title: 'Naps for Athletes: 20 Minutes, 90 Minutes, or None?',
    url: 'https://www.youtube.com/watch?v=Nap4Athlete',
    publishedAt: '2024-07-09T15:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Athletes ask me about naps more than almost anything else. Let’s cover when naps help, how long they should be, and when they quietly sabotage your night.',
      },
      {
        startMs: 25000,
        text: 'Why nap at all? Heavy training increases how much sleep you need, and many athletes can’t get nine hours at night because of early sessions, school or work. Studies in athletes show a well-timed nap can improve afternoon sprint performance, reaction time and mood.',
      },
      {
        startMs: 58000,
        text: 'The 20-minute nap is my default. It’s short enough that you stay mostly in light sleep, so you wake up without heavy grogginess. Set the alarm for 25 to 30 minutes to give yourself time to drift off.',
      },
      {
        startMs: 92000,
        text: 'The 90-minute nap is a full sleep cycle, including deep sleep and often some REM. It’s useful after a short night or in a heavy training block. The risk is waking from deep sleep and feeling groggy. That’s sleep inertia, and it can last 15 to 30 minutes.',
      },
      {
        startMs: 130000,
        text: 'Avoid the 45 to 60 minute zone if you need to perform soon after waking, because that’s when you’re most likely to be in deep sleep. If you have a session within the hour, keep the nap to 20 minutes.',
      },
      {
        startMs: 160000,
        text: 'Timing matters as much as length. The natural dip in alertness comes in the early afternoon, roughly 1 to 3 pm, so that’s the best time to nap. Napping after about 4 pm eats into the sleep pressure you need at night.',
      },
      {
        startMs: 190000,
        text: 'The coffee nap: drink a coffee, then lie down immediately for 20 minutes. Caffeine takes about 20 to 30 minutes to kick in, so you wake up just as it arrives. It works well before an afternoon session, but not late in the day.',
      },
      {
        startMs: 225000,
        text: 'Before competition, a 20 to 30 minute nap finishing at least three hours before an evening race can sharpen you. Don’t try napping for the first time on race day. Practise it in training first.',
      },
      {
        startMs: 258000,
        text: 'Who shouldn’t nap? If you have insomnia, naps reduce the sleep pressure you need at night, so I usually ask people to skip them while we work on night-time sleep. And if you nap every day and still feel exhausted, get checked, because sleep apnea and low iron are common culprits in athletes.',
      },
      {
        startMs: 295000,
        text: 'Setup: somewhere dark and cool, an eye mask, and lying down if you can, though a reclined seat works. Put your phone on do not disturb, not just on silent.',
      },
      {
        startMs: 320000,
        text: 'Summary: 20 minutes in the early afternoon is the safe default, 90 minutes when you’re short on sleep and have time to wake up properly, avoid late naps, and skip naps if you’re dealing with insomnia. Try one change this week and notice how your afternoon sessions feel.',
      },
    ],
  },
  {
    key: 'lena-yt-wearables',
    type: 'Youtube',
    title: 'I Wore Five Sleep Trackers for a Month: How Accurate Are Wearables?',
    url: 'https://www.youtube.com/watch?v=Wear5Track9',
    publishedAt: '2024-09-17T15:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'For a month I wore five consumer sleep trackers: two rings, two watches and a bedside radar device. On four of those nights I also slept in our lab, wired up for a full sleep study. Here’s what the wearables got right and what they didn’t.',
      },
      {
        startMs: 35000,
        text: 'First, the gold standard. Polysomnography, or PSG, measures brain waves, eye movements and muscle tone, and that’s how sleep stages are actually defined. Wearables don’t measure brain waves. They estimate sleep from movement, heart rate, heart rate variability and sometimes skin temperature.',
      },
      {
        startMs: 72000,
        text: 'Total sleep time: pretty good. In published validation studies, most modern devices land within about 20 to 30 minutes of PSG on average in healthy sleepers. My results were similar: the best tracker was off by about 12 minutes on average, the worst by about 40.',
      },
      {
        startMs: 110000,
        text: 'Detecting wakefulness is weaker. Trackers tend to count lying still but awake as sleep, which is exactly what happens in insomnia. If you lie quietly awake for 40 minutes, many devices score part of that as light sleep.',
      },
      {
        startMs: 150000,
        text: 'Sleep stages are where I want you to be skeptical. Epoch by epoch, agreement with the lab for light, deep and REM sleep is usually somewhere between about half and four-fifths of the time, depending on the device and the study. So “38 minutes of deep sleep” is an estimate with a wide margin.',
      },
      {
        startMs: 192000,
        text: 'Night-time heart rate and HRV are the strongest metrics, because they’re measured while you’re lying still. Resting heart rate from the rings matched my chest strap closely. Overnight HRV trends are useful as long as you watch the trend, not a single night.',
      },
      {
        startMs: 232000,
        text: 'Sleep scores are proprietary formulas. Brands weigh things differently, so the same night can get very different scores. One of my lab nights scored 71 on one device and 88 on another.',
      },
      {
        startMs: 265000,
        text: 'There’s a name for the anxiety of chasing perfect sleep data: orthosomnia. If checking your score in the morning makes you feel worse, take the tracker off for two weeks and notice how you feel.',
      },
      {
        startMs: 300000,
        text: 'Blood oxygen readings can flag a pattern, not diagnose one. If your device repeatedly shows oxygen dips and you snore or feel unrefreshed, talk to a clinician about a proper sleep study.',
      },
      {
        startMs: 335000,
        text: 'How I’d use a wearable: wear it every night, look at weekly averages of total sleep time, bedtime consistency, resting heart rate and HRV, and pair them with how you feel. Use it to test one change at a time, like moving your caffeine cutoff earlier.',
      },
      {
        startMs: 370000,
        text: 'Bottom line: sleep tracking wearables are good at total sleep and night-time heart rate, fair at sleep timing, weak at stages, and the score is a marketing number. Trends beat single nights.',
      },
    ],
  },
  {
    key: 'lena-yt-hrv',
    type: 'Youtube',
    title: 'Heart Rate Variability: How to Read Your Recovery',
    url: 'https://www.youtube.com/watch?v=HrvRecov_x2',
    publishedAt: '2023-10-24T15:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Today we’re talking about heart rate variability, or HRV: what it is, how your sleep changes it, and how athletes can use it for recovery without overthinking it. You don’t need a lab, just a consistent morning routine and a bit of patience.',
      },
      {
        startMs: 22000,
        text: 'HRV is the variation in time between heartbeats. A healthy heart doesn’t tick like a metronome; the gaps between beats vary by milliseconds. Much of that variation comes from the parasympathetic, rest-and-digest side of the nervous system, so higher HRV relative to your own baseline generally reflects better recovery.',
      },
      {
        startMs: 60000,
        text: 'Most wearables report a measure called RMSSD, in milliseconds, taken during sleep or right after waking. Values differ hugely between people: 25 can be normal for one person and 120 for another. Age, genetics and fitness all matter, so never compare your HRV with your training partner’s.',
      },
      {
        startMs: 98000,
        text: 'What lowers HRV? Hard training, short or poor sleep, alcohol, an illness coming on, heat, dehydration, psychological stress and big late meals. Even one or two drinks can noticeably lower your overnight HRV.',
      },
      {
        startMs: 135000,
        text: 'Build a baseline first. Measure every day for at least two to three weeks under the same conditions. Then compare your seven-day rolling average with your normal range over the last 30 to 60 days.',
      },
      {
        startMs: 170000,
        text: 'Here’s the decision rule I use with athletes. If your seven-day average sits inside your normal range, train as planned. If today’s reading is well below your normal range and you also feel flat or slept badly, swap the hard session for an easy one or rest.',
      },
      {
        startMs: 212000,
        text: 'Don’t overreact to one low reading the morning after intervals; a short dip after a hard session is expected. What concerns me is a trend: the seven-day average sliding down over one to two weeks while resting heart rate creeps up. That can be early overreaching.',
      },
      {
        startMs: 250000,
        text: 'Sleep is your biggest lever. In my athletes, nights with a consistent bedtime and at least seven and a half hours of sleep are followed by higher morning HRV. Fix sleep consistency before you buy another gadget.',
      },
      {
        startMs: 285000,
        text: 'One twist: in very fit endurance athletes, a sudden unusual jump in HRV together with fatigue and heavy legs can also be a sign of overreaching. Always pair the number with how you feel.',
      },
      {
        startMs: 320000,
        text: 'Slow breathing, around six breaths a minute, raises HRV in the moment. It’s a great wind-down tool before bed, but a higher reading during the exercise doesn’t mean you’re more recovered.',
      },
      {
        startMs: 350000,
        text: 'Summary: know your own baseline, watch the seven-day trend, combine it with how you feel, and protect your sleep. HRV is a guide, not a judge.',
      },
    ],
  },
  {
    key: 'lena-yt-morning-light',
    type: 'Youtube',
    title: 'Morning Light: Ten Minutes That Set Your Body Clock',
    url: 'https://www.youtube.com/watch?v=MornLight10',
    publishedAt: '2025-01-14T15:00:00.000Z',
    product: {
      name: 'Dawn 10,000 Lux Light Therapy Lamp',
      url: 'https://shop.example.com/lena-hart/dawn-light-box',
      imageUrl: '/media/products/dawn-light-box.svg',
    },
    segments: [
      {
        startMs: 0,
        text: 'If I could give everyone just one sleep habit, it would be this: get outside within an hour of waking, for at least ten minutes. Here’s why morning light works and how to do it in winter.',
      },
      {
        startMs: 25000,
        text: 'The master clock in your brain is reset every day by light reaching your eyes. Morning light moves the clock earlier, so you get sleepy earlier in the evening. It also strengthens the rhythm, so daytime alertness and night-time melatonin are more clearly separated.',
      },
      {
        startMs: 60000,
        text: 'Why outside? Light is measured in lux. A typical living room is 100 to 300 lux, an overcast day outdoors is roughly 1,000 to 10,000, and bright sun can reach 50,000 to 100,000. Even a cloudy morning outside beats office lighting by a wide margin.',
      },
      {
        startMs: 95000,
        text: 'The dose: about ten minutes on a bright morning and 20 to 30 minutes when it’s overcast. Never stare at the sun. Window glass cuts a lot of light, so outside is better than by the window.',
      },
      {
        startMs: 130000,
        text: 'Who benefits most? Night owls who can’t fall asleep, teenagers, people with winter low mood, and travellers adapting after eastward flights. Right after a big eastward shift the timing is trickier, so check my jet lag video first.',
      },
      {
        startMs: 165000,
        text: 'If you wake before sunrise in winter or can’t get outside, a 10,000 lux light box works. Sit about 30 to 50 centimetres away for 20 to 30 minutes in the morning while you eat breakfast or read. Choose one that filters UV. The lamp I use in the clinic is linked below; it’s an affiliate link.',
      },
      {
        startMs: 205000,
        text: 'Some cautions. If you have bipolar disorder, use light therapy only with your clinician’s guidance, because it can trigger mania. The same goes for certain eye conditions and medicines that make you sensitive to light.',
      },
      {
        startMs: 235000,
        text: 'Stack morning light with a consistent wake-up time and some movement, like a walk with the dog or an easy run. Within a week or two most people notice they fall asleep more easily.',
      },
      {
        startMs: 265000,
        text: 'Evening is the mirror image. Dim the lights in the last hour or two before bed so your bright mornings and dim evenings send a clear signal.',
      },
      {
        startMs: 290000,
        text: 'Recap: ten minutes outside in the morning, longer when it’s cloudy, a light box in dark winters, and dim evenings. It’s free, and it works.',
      },
    ],
  },
]

const PODCAST = 'https://podcast.example.com/episodes'

const podcasts: SeedDocument[] = [
  {
    key: 'lena-pod-marathon-taper',
    type: 'Podcast',
    title: 'The Rested Athlete, Ep. 42: Sleeping Through Your Marathon Taper',
    url: `${PODCAST}/42-marathon-taper-sleep`,
    publishedAt: '2024-03-05T06:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Welcome to The Rested Athlete, I’m Lena Hart. This episode is all about the marathon taper, those two to three weeks when training volume drops before race day, and why so many runners sleep worse during the taper.',
      },
      {
        startMs: 32000,
        text: 'Here’s the taper paradox. You’re running less, so you expect to sleep like a baby. Instead many runners report restless nights, phantom aches and racing thoughts. Part of it is race anxiety, and part of it is that you’re burning less energy but still eating and drinking coffee like it’s peak week.',
      },
      {
        startMs: 70000,
        text: 'Goal number one during the taper is sleep quantity. I want marathoners to aim for eight to nine hours in bed every night. In a classic sleep extension study, college basketball players who spent about ten hours in bed for several weeks ran faster sprints and shot more accurately.',
      },
      {
        startMs: 110000,
        text: 'Goal number two is a steady schedule that drifts toward race morning. If the marathon starts at 7 am, move your wake time 15 to 20 minutes earlier every couple of days over the last ten days, so the race-day alarm isn’t a shock.',
      },
      {
        startMs: 150000,
        text: 'Should you cut caffeine in the taper? Some runners drop it in the final week so race-day caffeine hits harder, but the evidence for that is mixed. What I’m sure of is that an early caffeine cutoff protects your sleep. If you do quit, do it at least seven days out so withdrawal headaches are gone by race day.',
      },
      {
        startMs: 195000,
        text: 'Carb loading affects sleep too. In the two or three days before the marathon, make lunch your biggest meal rather than eating a huge pasta dinner at 9 pm. Big late meals mean reflux, bloating and a restless night.',
      },
      {
        startMs: 235000,
        text: 'My favourite taper rule is the two-nights-out rule. The most important night of sleep is two nights before the race, not the night before. Most people sleep badly the night before because of nerves and an early alarm, and performance holds up fine after one bad night if the nights before were good.',
      },
      {
        startMs: 275000,
        text: 'Taper tantrums, the phantom niggles and heavy legs, are normal. Keep a few short strides or race-pace efforts in the taper so you feel sharp, and give yourself an evening wind-down routine that isn’t checking the race forecast.',
      },
      {
        startMs: 310000,
        text: 'If your marathon involves travel, combine all of this with the jet lag protocol. Pack the hotel kit: earplugs, an eye mask, your own pillowcase, and a small fan or white noise app.',
      },
      {
        startMs: 345000,
        text: 'To sum up the taper: eight to nine hours in bed, shift your wake time toward race morning, keep caffeine early, eat the big carb meals earlier in the day, and protect the night two nights before the race. See you next week.',
      },
    ],
  },
  {
    key: 'lena-pod-overtraining',
    type: 'Podcast',
    title: 'The Rested Athlete, Ep. 47: Overtraining Warning Signs in Your Sleep',
    url: `${PODCAST}/47-overtraining-warning-signs`,
    publishedAt: '2024-04-09T06:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Today on The Rested Athlete: overtraining, and how your sleep often reveals it before your training log does. If you’ve ever felt exhausted yet unable to sleep in a heavy block, this one’s for you.',
      },
      {
        startMs: 28000,
        text: 'Let’s get the terms right. Functional overreaching is a short drop in performance after a hard block that recovers within days to two weeks and leaves you fitter. Non-functional overreaching lasts weeks. Overtraining syndrome lasts months and is diagnosed only after other causes are ruled out.',
      },
      {
        startMs: 66000,
        text: 'The sleep signs: trouble falling asleep even though you’re exhausted, waking at 3 or 4 am feeling wired, night sweats, more vivid dreams and sleep that doesn’t refresh you. “Tired but wired” is the phrase I hear most often.',
      },
      {
        startMs: 102000,
        text: 'Physiological markers: a resting heart rate five or more beats per minute above your baseline for several days, an HRV trend sliding down, a higher heart rate on easy runs, or paradoxically being unable to get your heart rate up in hard efforts. One marker on its own means little. Two or three moving together for several days is the signal.',
      },
      {
        startMs: 140000,
        text: 'Mood and performance signs: irritability, loss of motivation, heavy legs, and results that stall or drop despite training. Frequent colds, sore throats and niggles that don’t heal. A simple daily check-in, rating sleep quality, fatigue, soreness and mood from one to five, catches these early.',
      },
      {
        startMs: 180000,
        text: 'Underfuelling can look exactly like overtraining. Relative energy deficiency in sport, or RED-S, disrupts sleep and hormones. Missed periods, stress fractures and low libido are red flags, so look honestly at how much you eat.',
      },
      {
        startMs: 220000,
        text: 'Rule things out with a doctor: iron deficiency, thyroid problems, a lingering viral infection, depression and sleep apnea can all mimic overtraining. If symptoms last more than two weeks, see a sports medicine physician.',
      },
      {
        startMs: 255000,
        text: 'My response plan: if two or more warning signs show up for three days or more, cut intensity first, keep some easy volume, add sleep and take one or two full rest days. If there’s no improvement within two weeks, get checked.',
      },
      {
        startMs: 292000,
        text: 'Prevention beats cure. Increase training load gradually, plan a lighter recovery week every three to four weeks, and protect your sleep most during the heaviest blocks.',
      },
      {
        startMs: 325000,
        text: 'Summary: tired but wired sleep, a rising resting heart rate, a falling HRV trend and low mood together are your early warning system for overtraining. Listen to them early and you’ll lose days, not months.',
      },
    ],
  },
  {
    key: 'lena-pod-altitude',
    type: 'Podcast',
    title: 'The Rested Athlete, Ep. 51: Altitude Training Camps and Broken Sleep',
    url: `${PODCAST}/51-altitude-training-sleep`,
    publishedAt: '2024-06-04T06:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'This week: altitude training camps. Why do athletes sleep so badly at altitude, and what can you do about it?',
      },
      {
        startMs: 30000,
        text: 'At altitude, lower air pressure means less oxygen in every breath. Above about 2,000 metres, or 6,500 feet, many people notice lighter sleep and more awakenings, especially in the first nights.',
      },
      {
        startMs: 62000,
        text: 'A big culprit is periodic breathing: cycles of deeper breaths followed by short pauses, driven by the tug-of-war between low oxygen and low carbon dioxide. It’s common above about 2,500 metres and can wake you feeling like you’re gasping. It usually eases over the first week as you acclimatise.',
      },
      {
        startMs: 100000,
        text: 'Most camps use a live high, train low approach: sleep at roughly 2,000 to 2,500 metres and do key sessions lower down. You typically need three to four weeks for meaningful gains in red cell mass, and a lot of the altitude dose accumulates while you sleep.',
      },
      {
        startMs: 140000,
        text: 'Check your iron before you go. Low ferritin limits how well you adapt to altitude. Many sports physicians test four to six weeks before a camp and supplement under guidance if needed.',
      },
      {
        startMs: 175000,
        text: 'Expect worse sleep the first nights and plan for it. Lower your training intensity for the first three to five days. Drink more, because dry air and faster breathing increase fluid losses, and keep the room cool and slightly humidified.',
      },
      {
        startMs: 212000,
        text: 'Avoid alcohol and sleeping pills at altitude; both depress breathing and can worsen oxygen drops at night. Acetazolamide is sometimes used to prevent altitude sickness, but it’s prescription-only, so discuss it with your doctor.',
      },
      {
        startMs: 250000,
        text: 'Monitor your morning oxygen saturation, resting heart rate and HRV trend. Finger and wrist oxygen readings are noisy, so watch the trend. A headache with nausea, dizziness and poor sleep suggests acute mountain sickness; if it’s severe, go down.',
      },
      {
        startMs: 290000,
        text: 'When to race after an altitude camp is debated. Many coaches plan either within the first few days after descent or around two to three weeks later. Sleep usually rebounds within the first two nights back at sea level.',
      },
      {
        startMs: 325000,
        text: 'Recap for altitude sleep: check iron early, go easy for the first days, hydrate, skip alcohol and sleep aids, track trends, and give your sleep a week to settle before you judge the camp. Thanks for listening, and see you next week.',
      },
    ],
  },
  {
    key: 'lena-pod-cbti',
    type: 'Podcast',
    title: 'The Rested Athlete, Ep. 55: Insomnia and CBT-I Basics',
    url: `${PODCAST}/55-insomnia-cbt-i-basics`,
    publishedAt: '2024-09-03T06:00:00.000Z',
    segments: [
      {
        startMs: 0,
        text: 'Today we’re talking about insomnia and CBT-I, cognitive behavioural therapy for insomnia. Major medical bodies, including the American College of Physicians, recommend CBT-I as the first-line treatment for chronic insomnia, ahead of sleeping pills.',
      },
      {
        startMs: 30000,
        text: 'What counts as insomnia? Trouble falling asleep, staying asleep or waking too early at least three nights a week for three months, with an effect on how you function during the day. Short-term insomnia after a stressful event is common and often settles on its own.',
      },
      {
        startMs: 65000,
        text: 'The first component is sleep restriction, which I prefer to call a sleep window. Keep a sleep diary for one to two weeks. If you sleep six hours on average but spend eight and a half in bed, set your time in bed to about six hours, never less than five, with a fixed wake-up time. When your sleep efficiency is above 85 to 90 percent for a week, add 15 minutes.',
      },
      {
        startMs: 110000,
        text: 'Why does it work? It builds sleep pressure and consolidates broken sleep into one solid block. Expect to feel sleepier in the first week, so don’t drive when drowsy. If you have bipolar disorder, epilepsy or a safety-critical job, do this only with a clinician.',
      },
      {
        startMs: 145000,
        text: 'The second component is stimulus control. Use the bed only for sleep and sex. If you feel clearly awake, roughly 20 minutes but without clock-watching, get up, go to another dimly lit room, do something calm, and return when you feel sleepy. Keep the same wake-up time every day.',
      },
      {
        startMs: 185000,
        text: 'Third is the cognitive part: challenging beliefs like “if I don’t get eight hours, tomorrow is ruined.” One tool I love is constructive worry: 15 minutes in the early evening writing down worries and one next step for each, so they don’t show up at 2 am.',
      },
      {
        startMs: 220000,
        text: 'Fourth is sleep hygiene: caffeine timing, alcohol, light, a cool bedroom. It’s necessary but not sufficient. On its own, sleep hygiene rarely fixes chronic insomnia.',
      },
      {
        startMs: 250000,
        text: 'Fifth is relaxation training: progressive muscle relaxation, slow breathing with a longer exhale, or a body scan. These lower arousal, but they work best alongside the behavioural parts.',
      },
      {
        startMs: 280000,
        text: 'How do you get CBT-I? Usually four to eight sessions with a behavioural sleep medicine provider or a trained psychologist. There are also digital CBT-I programs with good evidence behind them.',
      },
      {
        startMs: 310000,
        text: 'A note for athletes: don’t start sleep restriction during a heavy training block or race week without guidance. The temporary sleepiness can affect training and safety.',
      },
      {
        startMs: 340000,
        text: 'Summary: insomnia is common and treatable. CBT-I combines a sleep window, stimulus control, cognitive tools, good habits and relaxation, and its benefits tend to last after treatment ends.',
      },
    ],
  },
]

const files: SeedDocument[] = [
  {
    key: 'lena-file-pre-race-night',
    type: 'File',
    title: 'Rested and Ready, Chapter 7: The Night Before the Race',
    url: '/media/files/rested-and-ready-ch7-night-before-race.md',
    publishedAt: '2023-08-15T09:00:00.000Z',
    text: p(
      'Chapter 7 of Rested and Ready, by Dr. Lena Hart.',
      'If you lie awake the night before a race, you are in good company. In one survey of elite athletes, nearly two-thirds said they slept worse than usual before an important competition. The usual reasons are pre-race nerves, an unfamiliar hotel room, noise, and an alarm set for an unkind hour.',
      'Here is the reassuring part. For endurance events, a single bad night has a surprisingly small effect on performance. Adrenaline and race-day caffeine cover a lot. What matters more is the sleep you banked in the week before, and especially two nights before the race. Think of the night before as a bonus, not a test.',
      'The evening before: eat a familiar dinner three to four hours before bed, nothing new and not too much fibre or fat; lay out your kit, bib, gels, shoes and timing chip so nothing is left to remember in the morning; write your race plan on one page, then write your worries on another, each with one sentence about what you will do if it happens; set two alarms, one on your phone and one on a separate clock or a hotel wake-up call, because knowing you cannot oversleep lets the brain relax; and keep the room cool, dark and quiet with earplugs, an eye mask and the air conditioning set to around 18 °C.',
      'In bed, give yourself permission not to sleep. Quiet rest in bed still has value: your muscles relax, your heart rate falls, and you recover more than you would pacing the room. Trying hard to sleep is the fastest way to stay awake.',
      'Try slow breathing: breathe in through the nose for a count of four and out for a count of six, for five minutes. Or try the cognitive shuffle: pick a random word, and for each letter picture unrelated objects that start with it. It gives the racing mind something dull to do.',
      'If you are still wide awake after about 30 minutes, get up, sit in dim light, read something boring, and return when you feel drowsy.',
      'What not to do: never take a sleeping pill or a high dose of melatonin for the first time the night before a race. Grogginess in the morning costs more than a short night. Do not drink alcohol to calm your nerves either.',
      'Race morning: wake three to three and a half hours before the start so you have time for breakfast and the bathroom, get some daylight or bright light, and take your usual race caffeine about 45 to 60 minutes before the gun.',
    ),
  },
  {
    key: 'lena-file-marathon-plan',
    type: 'File',
    title: 'Sleep-Aware Marathon Training Plan: 12 Weeks',
    url: '/media/files/sleep-aware-marathon-plan.md',
    publishedAt: '2024-01-23T09:00:00.000Z',
    text: p(
      'A 12-week training plan for runners aiming at a spring or autumn marathon, with sleep targets built into every phase. The running volumes suit someone already running about 40 km (25 miles) a week. Adjust with your coach.',
      'Weeks 1 to 4, base phase. Running: four to five easy runs a week, one long run building from 16 to 22 km, and strides twice a week. Sleep: eight hours in bed every night with a fixed wake-up time, seven days a week, within 30 minutes. Start a sleep diary or wear your tracker consistently to learn your baseline resting heart rate and HRV. Caffeine cutoff eight hours before bed.',
      'Weeks 5 to 8, build phase. Running: add one tempo session and one interval session each week, with the long run growing to 28 to 30 km. Sleep: add 30 minutes in bed on the night after the long run and after interval days. On days with two sessions, take a 20-minute nap in the early afternoon. Finish evening interval sessions at least two hours before bed and follow them with a cool shower. Week 8 is a recovery week with volume reduced by about 30 percent.',
      'Weeks 9 to 10, peak phase. Running: the highest volume of the plan, with one long run of 32 km including marathon-pace segments. Sleep: aim for eight and a half to nine hours in bed. Check your HRV seven-day average every morning. If it drops below your normal range and your resting heart rate rises five beats or more for three days, replace the next hard session with an easy run.',
      'Weeks 11 to 12, taper. Running: reduce volume by about 25 percent in week 11 and 40 to 50 percent in race week, keeping short race-pace efforts to stay sharp. Sleep: eight to nine hours in bed, and move your wake-up time 15 to 20 minutes earlier every two days toward race-morning wake time. Eat your largest carbohydrate meal at lunch, not late in the evening. Protect the night two nights before the race above all.',
      'Every week: get outside in daylight within an hour of waking, keep alcohol to a minimum and at least three to four hours before bed, and note in one line how you slept and how your legs feel.',
      'Red flags to stop and reassess: waking at 3 am wired several nights in a row, a persistent rise in resting heart rate, low mood, or illness. Sleep is part of training, not what happens between sessions.',
    ),
  },
  {
    key: 'lena-file-wind-down',
    type: 'File',
    title: 'Wind-Down Routine and Sleep Diary Workbook',
    url: '/media/files/wind-down-sleep-diary-workbook.md',
    publishedAt: '2023-06-20T09:00:00.000Z',
    text: p(
      'This workbook gives you a 60-minute wind-down routine and a two-week sleep diary. Print it or copy it into a notebook.',
      'Part 1: the 60-minute wind-down routine. Sleep is not a switch; it is a slope. Use the last hour before bed to walk down it.',
      'Sixty minutes before bed: stop work and close the laptop. Dim the lights in the rooms you are using, switch to warm lamps, and put the phone on charge outside the bedroom.',
      'Forty-five minutes before bed: take a warm shower or bath. The drop in body temperature afterwards helps you fall asleep.',
      'Thirty minutes before bed: do something calm and low-stakes, such as reading paper pages, gentle stretching, or a crossword. Avoid anything competitive, work-related or emotionally intense.',
      'Ten minutes before bed: write a short to-do list for tomorrow and park any worries on paper. Then five minutes of slow breathing, in for four counts and out for six.',
      'Lights out at the same time each night, with the alarm at the same time each morning, weekends included.',
      'Part 2: the two-week sleep diary. Fill it in each morning from memory, without checking the clock during the night. Record: the time you got into bed; roughly how long it took to fall asleep; how many times you woke and for how long in total; your final wake-up time and the time you got out of bed; caffeine (how much and the time of the last one); alcohol (how much and when); exercise (type and finishing time); any naps; and a rating of sleep quality and of how you feel, each from 1 to 5.',
      'Part 3: calculate your sleep efficiency. Time in bed is the time from getting into bed to getting out. Total sleep time is time in bed minus the time it took to fall asleep and minus time awake during the night. Sleep efficiency equals total sleep time divided by time in bed, multiplied by 100. Above 85 percent is healthy. Below 80 percent on most nights suggests it is worth looking at CBT-I with a professional.',
      'Part 4: look for patterns. Compare nights with a late coffee against nights without, evenings with alcohol against evenings without, and late workouts against early ones. Change one thing at a time for a week and watch the diary.',
    ),
  },
]

const tweets: SeedDocument[] = [
  {
    key: 'lena-tw-sleep-banking',
    type: 'Twitter',
    title: 'Sleep banking before a race',
    url: 'https://twitter.com/lenahartsleep/status/1781234567890123456',
    tweetId: '1781234567890123456',
    publishedAt: '2024-04-19T18:12:00.000Z',
    text: 'Race in 10 days? Start sleep banking now: add 45–60 minutes in bed each night. Extra sleep before a known short night (hello, 4 am race alarm) softens the hit. You can’t bank sleep forever, but you can top up the tank.',
  },
  {
    key: 'lena-tw-mouth-taping',
    type: 'Twitter',
    title: 'Mouth taping and snoring',
    url: null,
    tweetId: '1792345678901234567',
    publishedAt: '2024-05-20T20:40:00.000Z',
    text: 'Mouth taping is all over my feed. If you snore, tape can hide the sound while sleep apnea carries on underneath. Get screened first. Clear nose-breather, no snoring? Mostly harmless, mostly pointless.',
  },
  {
    key: 'lena-tw-evening-workouts',
    type: 'Twitter',
    title: 'Evening workouts and sleep',
    url: 'https://twitter.com/lenahartsleep/status/1803456789012345678',
    tweetId: '1803456789012345678',
    publishedAt: '2024-06-19T19:05:00.000Z',
    text: 'Evening workouts don’t wreck sleep for most people. Hard intervals ending less than an hour before bed can. Finish intense sessions 2+ hours before lights out, skip the caffeinated pre-workout, take a cool shower.',
  },
  {
    key: 'lena-tw-wake-time',
    type: 'Twitter',
    title: 'Consistent wake-up time',
    url: null,
    tweetId: '1824567890123456789',
    publishedAt: '2024-08-16T07:30:00.000Z',
    text: 'The most underrated sleep supplement: a consistent wake-up time. Same alarm within 30 minutes, 7 days a week, for 3 weeks. Boring. Works.',
  },
]

const creatorAnswers: SeedDocument[] = [
  {
    key: 'lena-answer-coaching',
    type: 'File',
    title: CREATOR_ANSWER_TITLE,
    url: `${SITE}/answers/coaching`,
    publishedAt: '2024-11-05T09:00:00.000Z',
    text: p(
      'Question: Do you offer one-on-one coaching or clinic appointments?',
      'Answer from Lena: Yes, in a limited way. I run a small one-on-one sleep coaching practice for endurance athletes through the Restwell Sleep Lab, and I take on about six new athletes each training season, usually in January and in June. There is often a waitlist, and you can join it through the coaching page on my website.',
      'Coaching with me usually lasts twelve weeks. We start with two weeks of a sleep diary and, if you have one, your wearable data. Then we meet by video every two weeks to adjust your sleep window, training timing, caffeine, travel plans and race-week routine. Most athletes I coach are training for a marathon, an ultra or a long triathlon, but I also work with team-sport players and coaches.',
      'What I do not do through coaching: I do not diagnose or treat sleep disorders such as sleep apnea, narcolepsy or restless legs, and I do not prescribe medication. If your answers suggest a medical sleep problem, I will ask you to see a sleep physician first, and I am happy to work alongside them.',
      'If you cannot wait for a coaching place, the Clinic Edition of this clone gives you the same frameworks I use with my athletes, and my group programme, Race Ready Sleep, runs four times a year with weekly live question-and-answer sessions.',
      'Whatever you choose, start with the basics tomorrow morning: a fixed wake-up time and ten minutes of daylight. They are the foundation for everything we would do together.',
    ),
  },
  {
    key: 'lena-answer-routine',
    type: 'File',
    title: CREATOR_ANSWER_TITLE,
    url: `${SITE}/answers/my-sleep-routine`,
    publishedAt: '2024-12-03T09:00:00.000Z',
    text: p(
      'Question: What does your own sleep routine look like?',
      'Answer from Lena: People are often surprised by how ordinary it is. I wake at 6:15 am every day, weekends included, give or take twenty minutes. I am in bed by about 10:15 pm and usually asleep by 10:30, so I get around seven and a half hours of sleep, a bit more in heavy training weeks.',
      'Mornings: I walk the dog for fifteen minutes as soon as I am up, whatever the weather. That is my morning light. Coffee comes after the walk, and I have two cups at most. My last coffee is before 1 pm, because I know I am a fairly slow caffeine metabolizer.',
      'Training: I run five days a week and swim twice. I keep hard sessions in the morning or at lunch, and if I have to do an evening session, it finishes by 7:30 pm and is followed by a cool shower.',
      'Evenings: dinner by 7:30 pm. At 9:15 my phone goes on its charger in the kitchen, the lamps go down, and I take a warm shower around 9:30. Then I read fiction on paper. The bedroom sits at 17 to 18 °C.',
      'What I do not do: I rarely drink alcohol in the week before races, I do not nap unless I have had a short night, and I do not check a sleep score every morning. I wear a ring during training blocks to watch my resting heart rate and HRV trend, and I take it off for a few weeks afterwards.',
      'When it goes wrong, as it does when I travel to conferences, I go back to the two anchors: the same wake-up time and morning daylight. Everything else follows from those.',
    ),
  },
]

export const lenaHart: SeedClone = {
  key: 'lena-hart',
  slug: 'lena-hart',
  name: 'Dr. Lena Hart',
  headline: 'Sleep scientist and endurance coach: sleep better, recover faster, race stronger',
  description:
    'Dr. Lena Hart is a sleep scientist and endurance coach who has spent fifteen years helping runners, cyclists and triathletes turn sleep into a training advantage. Her clone draws on her articles, videos, podcast episodes and book to give practical, evidence-based answers with sources you can check.',
  imageUrl: '/media/clones/lena-hart.svg',
  verified: true,
  public: true,
  language: 'en',
  languages: ['en', 'es', 'de', 'fr'],
  voiceId: 'lena-voice',
  allowVoice: true,
  allowVideo: true,
  phoneNumber: '+14155550123',
  telegramUsername: 'LenaHartSleepBot',
  phoneSmsEnabled: true,
  phoneWhatsAppEnabled: true,
  telegramEnabled: false,
  viewSources: true,
  toneFeedback:
    'Warm and direct. Give specific numbers and one practical next step. Never diagnose; suggest a clinician when symptoms point to a sleep disorder.',
  tier: 'PRO',
  orgs: [{ key: 'org-restwell', name: 'Restwell Sleep Lab', iconUrl: '/media/orgs/restwell-sleep-lab.svg' }],
  socials: {
    instagram: '@lenahart.sleeps',
    linkedin: 'lena-hart-sleep',
    twitter: '@lenahartsleep',
    facebook: 'lenahartsleep',
    youtube: '@LenaHartSleep',
    website: 'https://lenahart.example.com',
    extras: ['https://newsletter.example.com/lena', 'lenahart.example.org/books'],
  },
  options: {
    customWarning:
      'This clone of Lena shares general sleep and training education, not medical advice. If you think you may have a sleep disorder, please talk to a clinician.',
    warning: true,
    requireEmail: true,
  },
  anonymousQuota: { messages: 10, voiceMinutes: 5, videoMinutes: 2 },
  upsellTitle: null,
  suggestedQuestions: [
    'How late in the day can I drink coffee without hurting my sleep?',
    'Should athletes nap, and for how long?',
    'What is your jet lag protocol when flying east for a race?',
    'How should I sleep during my marathon taper?',
    'How much melatonin should I take, and when?',
    'What temperature should my bedroom be for sleep?',
    'How accurate are sleep tracking wearables?',
    'I can never sleep the night before a race. What should I do?',
  ],
  instances: [
    {
      key: 'lena-clinic',
      slug: 'clinic',
      name: 'Lena Hart — Clinic Edition',
      imageUrl: '/media/clones/lena-hart.svg',
    },
  ],
  memberships: [
    {
      key: 'lena-rested',
      name: 'Rested',
      basePrice: 9,
      annualPrice: 90,
      smsEnabled: false,
      voiceEnabled: true,
      videoEnabled: false,
      telegramEnabled: false,
      customDescription: 'Everyday sleep questions answered, with a few voice chats a month.',
      includedMessagesPerMonth: 200,
      includedMinutesPerMonth: 10,
      includedVideoMinutesPerMonth: 0,
    },
    {
      key: 'lena-race-ready',
      name: 'Race Ready',
      basePrice: 19,
      annualPrice: 190,
      smsEnabled: true,
      voiceEnabled: true,
      videoEnabled: true,
      telegramEnabled: false,
      customDescription:
        'For athletes in a training block: text Lena by SMS, plus voice and video check-ins.',
      includedMessagesPerMonth: 1000,
      includedMinutesPerMonth: 60,
      includedVideoMinutesPerMonth: 15,
    },
    {
      key: 'lena-clinic-circle',
      name: 'Clinic Circle',
      basePrice: 49,
      annualPrice: 490,
      smsEnabled: true,
      voiceEnabled: true,
      videoEnabled: true,
      telegramEnabled: true,
      customDescription:
        'Unlimited messages on every channel and generous call time for coaches and serious athletes.',
      includedMessagesPerMonth: 100000,
      includedMinutesPerMonth: 300,
      includedVideoMinutesPerMonth: 120,
    },
  ],
  // spec 1 §9: the default bubble, and the two special configurations (4 user messages; 3 minutes of voice).
  embeds: [
    {
      key: 'bubble',
      name: 'Demo bubble',
      layout: 'bubble',
      whitelabel: false,
      textLimit: null,
      voiceLimitSeconds: null,
    },
    {
      key: 'text-limit',
      name: 'Demo text limit',
      layout: 'bubble',
      whitelabel: false,
      textLimit: SPECIAL_TEXT_LIMIT,
      voiceLimitSeconds: null,
    },
    {
      key: 'voice-limit',
      name: 'Demo voice limit',
      layout: 'bubble',
      whitelabel: false,
      textLimit: null,
      voiceLimitSeconds: SPECIAL_VOICE_LIMIT_SECONDS,
    },
  ],
  documents: [...websites, ...youtube, ...podcasts, ...files, ...tweets, ...creatorAnswers],
}
