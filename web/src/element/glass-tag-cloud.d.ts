// Types of web/glass-tag-cloud.js: <glass-tag-cloud> and <glass-tag> (hand-written).
// Usage and decisions: docs/ELEMENT.md.

import type { LayoutResponse } from '../core/tagcloud-core.js';

/** A tag given through the `tags` property. */
export interface GlassTagCloudTag {
  /** The id: what is selected and submitted. Unique in the cloud. */
  id: string;
  /** The capsule's label. Defaults to the id. */
  title?: string;
  /** A CSS colour, e.g. `"#0A84FF"`: 30 % behind a label, 85 % when selected. */
  tint?: string;
  /** Part of the default selection (the initial one, and what a form reset restores). */
  selected?: boolean;
  /** Has a remove control named "Remove TITLE" (also when the cloud is `removable`). */
  removable?: boolean;
}

/** The tags as the `tags` getter reports them. */
export interface GlassTagCloudTagInfo {
  id: string;
  title: string;
  tint: string;
  selected: boolean;
  /** Present (true) when the tag itself is removable. */
  removable?: true;
}

export type GlassTagCloudAppearance = 'auto' | 'light' | 'dark';
export type GlassTagCloudVariant = 'regular' | 'clear';
export type GlassTagCloudLiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting' | 'offline';
export type GlassTagCloudLayoutSource = 'none' | 'css' | 'wasm' | 'server';

export interface GlassTagCloudChangeDetail {
  /** The selected ids after the user's change, in tag order. */
  selection: string[];
}

export interface GlassTagCloudRemoveDetail {
  /** The id of the tag the user asked to remove. */
  id: string;
  /** Its title. */
  title: string;
}

export interface GlassTagCloudLiveStatusDetail {
  status: GlassTagCloudLiveStatus;
}

export interface GlassTagCloudLiveTagsDetail {
  /** The ids the server serves now, in its order. */
  tags: string[];
}

export interface GlassTagCloudEventMap extends HTMLElementEventMap {
  /**
   * The user changed the selection (never fired for programmatic changes or a form reset); also
   * when the user removed a selected tag.
   */
  change: CustomEvent<GlassTagCloudChangeDetail>;
  /**
   * The user asked to remove a tag (its remove control, Delete or Backspace on it): cancelable,
   * bubbles, composed. Unless prevented the tag leaves the `tags` array or its `<glass-tag>`
   * child is removed, focus moves to the next tag, and "Removed TITLE." is announced.
   */
  remove: CustomEvent<GlassTagCloudRemoveDetail>;
  /** The live connection's status changed. */
  livestatus: CustomEvent<GlassTagCloudLiveStatusDetail>;
  /**
   * The server's tag set, as each connection's welcome names it and after each reload of its
   * tags (the `tags` message): for a page that keeps a copy of the selection (the demo's
   * saved state) and drops the tags that left. Bubbles.
   */
  livetags: CustomEvent<GlassTagCloudLiveTagsDetail>;
}

/**
 * `<glass-tag-cloud>`: the Liquid Glass tag cloud, form-associated.
 *
 * Attributes: `spacing` (16), `merge-distance` (10), `name`, `max-selected`, `live`
 * (`ws://…/live`), `required`, `disabled`, `dir`, `removable`, `max-rows`, `more-label`,
 * `less-label`, `appearance` (`auto`), `variant` (`regular`).
 * Custom states: `:state(styled)`, `:state(animating)`, `:state(live)`, `:state(reconnecting)`,
 * `:state(offline)`.
 */
export class GlassTagCloudElement extends HTMLElement {
  static readonly formAssociated: true;
  static readonly observedAttributes: string[];

  /** The tags: from `<glass-tag>` children unless set; set `null` to go back to the children. */
  get tags(): GlassTagCloudTagInfo[];
  set tags(tags: GlassTagCloudTag[] | null);
  /** The selected ids that are current tags, in tag order. Setting it fires no `change` event. */
  get selection(): string[];
  set selection(ids: Iterable<string> | null);
  /** Gap between capsules and rows, CSS px (attribute `spacing`, default 16). Animated. */
  spacing: number;
  /** Gap below which capsules melt, CSS px (attribute `merge-distance`, default 10). */
  mergeDistance: number;
  /** The most tags a user may select; `null`: no limit (attribute `max-selected`). */
  maxSelected: number | null;
  /** The form field name (attribute `name`). */
  name: string;
  required: boolean;
  disabled: boolean;
  /** Every tag has a remove control (attribute `removable`; a tag may say so itself). */
  removable: boolean;
  /** The most rows shown; the tags beyond fold into a "+K" capsule that shows them (attribute `max-rows`; 0: no limit). */
  maxRows: number;
  /**
   * The "+K" capsule's accessible name (attribute `more-label`): `{count}` stands for K; one
   * template, or plural forms by the element's `lang` (`"one: +{count} tag | other: +{count}
   * tags"`, the CLDR categories zero, one, two, few, many, other; `other` required). Reads the
   * default, `"one: +{count} more tag | other: +{count} more tags"`, without the attribute;
   * `null` removes it. The visible text stays "+K".
   */
  moreLabel: string;
  /** The unfolded row limit's capsule's text and name (attribute `less-label`, default `"Show less"`); `null` removes it. */
  lessLabel: string;
  /**
   * How the labels and the glass adapt to what lies behind the cloud (attribute `appearance`):
   * `"auto"` learns it; `"light"` / `"dark"` take it as white / black. An unknown value reads as
   * `"auto"`. docs/ELEMENT.md, "Adaptive appearance".
   */
  appearance: GlassTagCloudAppearance;
  /** The glass (attribute `variant`): `"regular"`, or `"clear"` (more transparent, dimmed over bright content). */
  variant: GlassTagCloudVariant;
  /**
   * Learns what lies behind the cloud again in the next frame: for a page that changes its
   * backdrop by means the element does not watch (a stylesheet swapped in, a CSS animation, a
   * canvas drawn behind it, an element added beneath).
   */
  refreshBackdrop(): void;
  /** The live endpoint (attribute `live`); `""`: lay out locally. */
  live: string;
  readonly liveStatus: GlassTagCloudLiveStatus;
  /** Who placed the capsules on screen. */
  readonly layoutSource: GlassTagCloudLayoutSource;
  /** The layout on screen (docs/PROTOCOL.md response; server frames also carry `width`, `spacing`, `seq`). */
  readonly layout: (LayoutResponse & { width?: number; spacing?: number; seq?: number }) | null;

  readonly form: HTMLFormElement | null;
  readonly labels: NodeList;
  readonly type: 'glass-tag-cloud';
  readonly validity: ValidityState;
  readonly validationMessage: string;
  readonly willValidate: boolean;
  checkValidity(): boolean;
  reportValidity(): boolean;
  /**
   * Asks for an update in the next animation frame (one for every cloud of the page), as a Lit
   * host does; the element asks for its own whenever anything it depends on changes.
   */
  requestUpdate(): void;

  formResetCallback(): void;
  formStateRestoreCallback(state: string | File | FormData | null, mode: 'restore' | 'autocomplete'): void;
  formDisabledCallback(disabled: boolean): void;

  addEventListener<K extends keyof GlassTagCloudEventMap>(
    type: K,
    listener: (this: GlassTagCloudElement, event: GlassTagCloudEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof GlassTagCloudEventMap>(
    type: K,
    listener: (this: GlassTagCloudElement, event: GlassTagCloudEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** `<glass-tag value="id" tint="#rrggbb" selected removable>Title</glass-tag>`: one tag, from markup. */
export class GlassTagElement extends HTMLElement {
  /** Attribute `value`; defaults to the label. */
  value: string;
  /** The text content, white space collapsed. */
  readonly label: string;
  /** Attribute `tint`. */
  tint: string;
  /** Attribute `selected`: selected by default. */
  selected: boolean;
  /** Attribute `removable`: has a remove control (also when its cloud is `removable`). */
  removable: boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    'glass-tag-cloud': GlassTagCloudElement;
    'glass-tag': GlassTagElement;
  }
}
