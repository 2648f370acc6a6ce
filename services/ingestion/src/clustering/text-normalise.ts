/**
 * English text → comparable tokens, for near-duplicate detection. The point is that two sources'
 * wordings of one story yield the same tokens where they mean the same thing ("$6.6 billion" and
 * "$6.6B", "raises" and "raised", "OpenAI's" and "OpenAI") and that words carrying no story
 * (stop words, news filler such as "says" or "report") yield none.
 */

/** Common English function words plus news filler that every story uses. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further had ' +
    'has have having he her here hers him his how i if in into is it its itself just me more most my no ' +
    'nor not now of off on once only or other our ours out over own same she should so some such than ' +
    'that the their theirs them then there these they this those through to too under until up upon us ' +
    'very was we were what when where which while who whom why will with would you your yours ' +
    // news filler: verbs of saying, hedges and time words that do not identify a story
    'says said say saying according report reports reported reportedly amid via per new news today ' +
    'yesterday tomorrow week year years day days month months latest just announce announces announced ' +
    'announcing update updates first one two three may might could plan plans first since still ' +
    'company companies firm inc corp ltd co'
  ).split(' '),
);

/** Abbreviations that sources use interchangeably with the full name, folded to the full name. */
const ALIASES: Record<string, string> = { btc: 'bitcoin', eth: 'ethereum', ether: 'ethereum' };

const MULTIPLIERS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
  t: 1e12,
};

/**
 * Lower-cases, folds accents and quotes, normalises numbers, strips punctuation, drops stop words and
 * stems. Returns tokens in text order (duplicates kept; callers make sets).
 */
export function tokenize(text: string): string[] {
  const prepared = normaliseNumbers(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // accents
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/'s\b/g, '') // possessive: OpenAI's → openai
      .replace(/'/g, ''),
  );
  const tokens: string[] = [];
  for (const raw of prepared.split(/[^a-z0-9.#]+/)) {
    // Dots survive the split only to keep decimals (6.6) together; strip them elsewhere.
    const word = raw.replace(/^\.+|\.+$/g, '').replace(/\.(?=\D)|(?<=\D)\./g, '');
    if (word === '' || STOP_WORDS.has(word)) continue;
    if (word.startsWith('#')) {
      tokens.push(word); // a normalised number: kept as is
      continue;
    }
    if (word.length < 2 && !/\d/.test(word)) continue;
    const stemmed = ALIASES[word] ?? stem(word);
    if (!STOP_WORDS.has(stemmed)) tokens.push(stemmed);
  }
  return tokens;
}

/**
 * Money, magnitudes and percentages to one spelling, prefixed with `#` so they never collide with a
 * word: "$6.6 billion", "$6.6B", "6.6bn", "6,600 million" → "#6600000000"; "20%", "20 percent" → "#20pct".
 * Plain numbers ("2025", "o3", "4o") are left to the tokenizer.
 */
export function normaliseNumbers(text: string): string {
  return text
    .replace(/(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)/g, (_m, n: string) => ` #${Number(n)}pct `)
    .replace(
      /(?:[$€£¥]\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(thousand|million|billion|trillion|mn|bn|tn|[kmbt])\b/g,
      (_m, n: string, unit: string) => ` #${Math.round(Number(n.replace(/,/g, '')) * MULTIPLIERS[unit])} `,
    )
    .replace(
      /[$€£¥]\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)/g,
      (_m, n: string) => ` #${Number(n.replace(/,/g, ''))} `,
    )
    .replace(/\b(\d{1,3}(?:,\d{3})+)\b/g, (_m, n: string) => ` #${Number(n.replace(/,/g, ''))} `);
}

/**
 * A light suffix stripper (inflections only, a subset of Porter's step 1): plurals, -ed, -ing, -ly,
 * -ation, then a final e and a doubled consonant. Enough to meet "raises / raised / raising" and
 * "valuation / valued / value" without Porter's over-reach on short words; a stem of under three
 * letters is refused so "bring" stays "bring".
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is|os)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'edly', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}
