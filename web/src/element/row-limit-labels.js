// The row limit's words (`max-rows`), in one place: the "+K" capsule's visible text and its
// accessible name, and the "Show less" capsule's label. A page localises them with two
// attributes (or their properties), English by default:
//
//   <glass-tag-cloud max-rows="2" lang="de"
//     more-label="one: +{count} weiterer Tag | other: +{count} weitere Tags"
//     less-label="Weniger zeigen">
//
//   const labels = RowLimitLabels.of(host);   // read once per change of the attributes
//   labels.moreText(12)    // "+12": the visible text, the count alone in every language
//   labels.moreName(12)    // "+12 weitere Tags": the accessible name, by the language's plural rule
//   labels.less            // "Weniger zeigen"
//   labels.measured        // the labels the layout measures: "+9", "+99", … "+9999999", then `less`
//
// `more-label` is one template for every count, or plural forms keyed by the CLDR categories of
// `Intl.PluralRules` (zero, one, two, few, many, other; `other` required), separated by `|`;
// `{count}` stands for K. A label that cannot be read is said on the console, naming the
// attribute and the part at fault, and the English default is used.
// - Complexity: O(template length) per change of the attributes; O(1) per name.

import { MAX_TAGS } from "../core/core-constants.js";

const DEFAULT_MORE_LABEL = "one: +{count} more tag | other: +{count} more tags";
const DEFAULT_LESS_LABEL = "Show less";
const PLURAL_FORM = /^\s*(zero|one|two|few|many|other)\s*:/;
/** The "+K" capsule is sized for K's digit count, up to the core's most tags. */
const MOST_DIGITS = String(MAX_TAGS).length;

/**
 * The forms of a count template: `{ other }` for a single template, else one entry per plural
 * category given. Throws a SyntaxError naming `attribute` and the part at fault.
 */
export function parseCountTemplate(text, attribute) {
  if (!PLURAL_FORM.test(text)) return { other: text.trim() };
  const forms = {};
  for (const part of text.split("|")) {
    const match = PLURAL_FORM.exec(part);
    if (!match) {
      throw new SyntaxError(`${attribute}="${text}": "${part.trim()}" does not start with a plural category (zero, one, two, few, many or other) and a colon`);
    }
    if (match[1] in forms) throw new SyntaxError(`${attribute}="${text}": the form "${match[1]}" is given twice`);
    forms[match[1]] = part.slice(match[0].length).trim();
  }
  if (!("other" in forms)) throw new SyntaxError(`${attribute}="${text}": the form "other" is missing`);
  return forms;
}

/** The plural rule of `lang` (a BCP 47 tag; empty or unknown: the browser's default language). */
function pluralRules(lang) {
  try {
    return new Intl.PluralRules(lang || undefined);
  } catch {
    return new Intl.PluralRules();
  }
}

export class RowLimitLabels {
  #forms;
  #plural;

  /** The labels the element's attributes give (`more-label`, `less-label`, the closest `lang`). */
  static of(host) {
    const more = host.getAttribute("more-label");
    const less = host.getAttribute("less-label");
    let forms = null;
    if (more !== null && more.trim() !== "") {
      try {
        forms = parseCountTemplate(more, "more-label");
      } catch (error) {
        console.error(`glass-tag-cloud: ${error.message}; the default "${DEFAULT_MORE_LABEL}" is used`, host);
      }
    }
    return new RowLimitLabels({ forms, less, lang: host.closest("[lang]")?.lang ?? "" });
  }

  /** @param {{forms?: object | null, less?: string | null, lang?: string}} options */
  constructor({ forms = null, less = null, lang = "" } = {}) {
    this.#forms = forms ?? parseCountTemplate(DEFAULT_MORE_LABEL, "more-label");
    // English plurals for the English default, the element's language for its own forms.
    this.#plural = pluralRules(forms ? lang : "en");
    this.less = less?.trim() || DEFAULT_LESS_LABEL;
    this.measured = Array.from({ length: MOST_DIGITS }, (_, i) => this.moreText(10 ** (i + 1) - 1))
      .concat(this.less)
      .map((label) => ({ id: label, label }));
  }

  /** The "+K" capsule's visible text: the count, which reads alike in every language. */
  moreText(count) {
    return `+${count}`;
  }

  /** The "+K" capsule's accessible name: the form of the count's plural category, `{count}` filled in. */
  moreName(count) {
    const forms = this.#forms;
    const form = forms[this.#plural.select(count)] ?? forms.other;
    return form.replaceAll("{count}", String(count));
  }

  /** Whether these labels measure as `other`'s do (the same capsule sizes). */
  measuresAs(other) {
    return other !== null && other.less === this.less;
  }
}

/** `moreLabel` and `lessLabel` on the element's prototype, reflecting the attributes. */
export function defineRowLimitLabelProperties(elementClass) {
  for (const [property, attribute, fallback] of [
    ["moreLabel", "more-label", DEFAULT_MORE_LABEL],
    ["lessLabel", "less-label", DEFAULT_LESS_LABEL],
  ]) {
    Object.defineProperty(elementClass.prototype, property, {
      configurable: true,
      get() {
        return this.getAttribute(attribute) ?? fallback;
      },
      set(value) {
        if (value === null || value === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
}
