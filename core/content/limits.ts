/**
 * How long a content field may be and how many items a list may hold,
 * chosen for what an editor writes, with room over the longest the site has
 * (in brackets: the longest in content/, and in the 5,000 synthetic
 * articles of the scale benchmarks). Every string and list of every schema
 * has a bound (limits.test.ts walks them all): a save of one entry with a
 * quarter of a million tags once held every answer of the server for
 * seconds, and the next content list for seconds more.
 */

/** A word or a figure: a unit, a number written out, a place in a rating, a tool (25). */
export const WORD_MAX = 40;
/** A name: a person, a company, a city, a department, a menu label (38). */
export const NAME_MAX = 80;
/** One line: a title, a heading, a question, a role, an address, an item of a list (112). */
export const TITLE_MAX = 160;
/** A sentence or a few: a summary, a lead, an item's text, a bio (289). */
export const PARAGRAPH_MAX = 500;
/** An address on the site or elsewhere (75). */
export const URL_MAX = 500;
/** A mailbox, as long as RFC 5321 lets one be (22). */
export const EMAIL_MAX = 254;

/** A tag: a word or two in Latin letters (13). */
export const TAG_MAX = 40;
/** Tags of one article (3). */
export const TAGS_MAX = 30;
/** References from one entry to others: services of a case, cases of a service (7). */
export const REFERENCES_MAX = 50;
/** Points of one entry or block: stages, questions, speakers, menu links (12). */
export const ITEMS_MAX = 50;
/** What grows with the agency: its team, clients, awards, ratings (26). */
export const ROSTER_MAX = 200;
/** Old addresses in the redirect table (220): each row is read by every release. */
export const REDIRECTS_MAX = 5_000;
