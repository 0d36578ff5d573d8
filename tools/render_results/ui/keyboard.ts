/**
 * Moving between cards with the keyboard: Down or `j` to the next card, Up or `k` to the
 * previous one. A card's title link takes the focus (a card without a link takes it itself), so
 * Enter then opens the link as a click does.
 *
 * @module
 */

const STEPS: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/** Handles a key press anywhere in the document; ignores it unless it moves between cards. */
export function moveBetweenCards(event: KeyboardEvent): void {
  const step = STEPS[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  if ((event.target as Element).closest?.("textarea, input, select")) return;
  const cards = [...document.querySelectorAll<HTMLElement>(".card")];
  const current = cards.findIndex((card) => card.contains(document.activeElement));
  // From outside the list, Down enters at the first card and Up at the last.
  const card = cards[current < 0 && step < 0 ? cards.length - 1 : Math.max(current + step, 0)];
  if (!card) return;
  event.preventDefault();
  (card.querySelector<HTMLElement>(".title a") ?? card).focus();
  // Where the frame scrolls, the heading's bar stays on top: a card the focus scrolled up to
  // would sit under it, so the frame scrolls on until the card's top shows.
  const under = document.querySelector(".bar")!.getBoundingClientRect().bottom -
    card.getBoundingClientRect().top;
  if (under > 0) scrollBy(0, -under);
}
