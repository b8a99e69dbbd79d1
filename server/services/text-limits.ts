/**
 * The limits on texts the public can cause (issue 47 item 1, decision 0175): a web request's
 * confirmation and the reply to a number with no request cost the shop a text each, whoever typed
 * the number. Such a text goes only to a number of TEXT_COUNTRIES (Canada and the United States by
 * default, told apart from the other +1 countries by libphonenumber-js), at most three in 24 hours
 * to one number, and at most TEXT_DAILY_LIMIT a day in all: past it a text waits for the first day
 * with room, from that morning. Decided in the transaction that writes the text, so every process
 * counts the same texts: the number's lock (the one its received texts take, decision 0097) makes
 * its count exact, and each day's count is one atomic counter (a row of `rate_limits`).
 * Staff's own texts and the automatic texts of a customer's quote or order are not limited here.
 */
import { PUBLIC_TEXTS_PER_NUMBER, TEXT_LIMIT_WORDS } from '#app/modules/messages/messages.ts';
import { countryNames, phoneCountry } from '#app/modules/site/phone-country.ts';
import { wallClock, zonedDayRange } from '#app/modules/shared/calendar.ts';
import { afterQuietHours } from '#app/modules/shared/quiet-hours.ts';
import { countPublicTextsTo, countWaitingPublicTexts } from '../db/repo/outgoing-messages.ts';
import { hitCounter } from '../db/repo/rate-limits.ts';
import { lockPhoneNumber, type Executor } from '../db/repo/texting.ts';
import type { ServiceDeps } from './context.ts';

/** How far ahead a text past the day's limit may be given a later day; beyond, it is withheld. */
const DAYS_AHEAD = 7;
const DAY_MS = 24 * 60 * 60_000;

/** Whether a text the public caused may go now, from a later time, or never. */
export type TextAllowance =
  { go: 'now' } | { go: 'later'; from: Date; reason: string } | { go: 'never'; reason: string };

/** The counter of a Winnipeg day's texts: 'public-texts:2026-12-05'. */
function dayKey(dayStart: Date): string {
  const { year, month, day } = wallClock(dayStart);
  return `public-texts:${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function textLimits({ engine, config, shop }: Pick<ServiceDeps, 'engine' | 'config' | 'shop'>) {
  const { countries, dailyLimit } = config.publicTexts;
  const outside = TEXT_LIMIT_WORDS.country(countryNames(countries));

  return {
    /**
     * Whether a text the public caused may go to `e164` (a valid E.164 number), counted as going
     * if it may: call it in the transaction that writes the text, which it must then write.
     */
    async allow(trx: Executor, e164: string, at: Date): Promise<TextAllowance> {
      const country = phoneCountry(e164);
      if (!country || !countries.includes(country)) return { go: 'never', reason: outside };
      if (dailyLimit === 0) return { go: 'never', reason: TEXT_LIMIT_WORDS.off };
      await lockPhoneNumber(trx, e164, engine);
      const since = new Date(at.getTime() - PUBLIC_TEXTS_PER_NUMBER.windowMs);
      if ((await countPublicTextsTo(trx, e164, since)) >= PUBLIC_TEXTS_PER_NUMBER.count)
        return { go: 'never', reason: TEXT_LIMIT_WORDS.perNumber };
      let day = zonedDayRange(at);
      for (let ahead = 0; ahead < DAYS_AHEAD; ahead++) {
        // kept until the day after it ends, then swept with the other counters
        const { hits } = await hitCounter(
          trx,
          dayKey(day.start),
          day.end.getTime() + DAY_MS - at.getTime(),
          at.getTime(),
        );
        if (hits <= dailyLimit)
          return ahead === 0
            ? { go: 'now' }
            : {
                go: 'later',
                from: afterQuietHours(day.start, shop.current().quietHours),
                reason: TEXT_LIMIT_WORDS.waiting(dailyLimit),
              };
        day = zonedDayRange(day.end);
      }
      return { go: 'never', reason: TEXT_LIMIT_WORDS.full(dailyLimit, DAYS_AHEAD) };
    },

    /** The leads board's notice while texts wait for a day with room: the limit and how many wait. */
    async notice(db: Executor, at: Date): Promise<{ limit: number; waiting: number } | null> {
      const waiting = await countWaitingPublicTexts(db, at);
      return waiting ? { limit: dailyLimit, waiting } : null;
    },
  };
}

export type TextLimits = ReturnType<typeof textLimits>;
