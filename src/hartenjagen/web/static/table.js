// The hartenjagen web table: one seat's page. Plain JavaScript, no build step.
// It draws only what the server sends this seat (its view and its censored events, protocol 1:
// docs/protocol.md) and sends moves back; the server checks every move with the engine. A spectator's
// page (/watch/<table>) is the same page with the public view and no moves. Every address is relative,
// so the service works where another site mounts it. A seat's page is /seat/<table>#<token>: the token
// after the # never reaches a server, and the page sends it in a header (a WebSocket: as a subprotocol),
// never in an address that a server or a proxy would log.
"use strict";

const PROTOCOL = 2;
const PARTS = location.pathname.split("/");
const KEY = PARTS[PARTS.length - 1] || "";
const SEAT_PAGE = PARTS[PARTS.length - 2] === "seat";
const TOKEN = SEAT_PAGE ? decodeURIComponent(location.hash.slice(1)) : "";
const AUTH = TOKEN ? { Authorization: "Bearer " + TOKEN } : {};
const ROOT = PARTS.slice(0, -2).join("/") + "/";
const API = ROOT + "api/" + encodeURIComponent(KEY) + "/";
const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_ORDER = ["C", "D", "S", "H"]; // alternating colours, as the library's by_suit
const RANK_ORDER = "23456789TJQKA";

const TEXT = {
  en: {
    you: "You", seat: "Seat {n}", bot: "{name} bot", cards: "{n} cards", tricks: "{n} tricks",
    trick1: "1 trick", score: "score {n}", turn: "to move", out: "out of this hand", passed: "has chosen", announced: "announced", partner: "partner",
    hand: "Hand {n}", dealer: "dealer: {who}", scores: "Scores", sheet: "Score sheet", close: "Continue",
    sheetHand: "Hand", total: "total", log: "What happened",
    yourTurn: "Your turn: play a card. The cards you may play are raised.",
    waitFor: "Waiting for {who}.", waitPass: "Waiting for the others to choose their cards.",
    pass: "Choose {count} cards to pass {direction}.", passBack: "Choose {count} of the cards you received to pass back.",
    passButton: "Pass {chosen}/{count}", notAllowed: "Not allowed: {reason}.", cannotPass: "That card may not be passed now.",
    emptyTable: "No cards on the table yet.", lastTrick: "{who} took the last trick.", lastTrickYou: "You took the last trick.",
    gameOver: "Game over.", youWin: "You win!", winners: "Winners: {who}.", reconnecting: "Connection lost: reconnecting\u2026",
    failed: "The game stopped: {why}", abandoned: "This table was closed: nobody moved for too long.", noSeat: "This link is not a seat at this table.", language: "NL", languageName: "Nederlands",
    phase: "phase: {p}", loading: "Loading the table\u2026", watching: "You are watching: no hidden card is shown.",
  },
  nl: {
    you: "Jij", seat: "Speler {n}", bot: "bot {name}", cards: "{n} kaarten", tricks: "{n} slagen",
    trick1: "1 slag", score: "stand {n}", turn: "aan de beurt", out: "uit dit spel", passed: "heeft gekozen", announced: "gemiesd", partner: "partner",
    hand: "Ronde {n}", dealer: "gever: {who}", scores: "Stand", sheet: "Scorebriefje", close: "Verder",
    sheetHand: "Ronde", total: "totaal", log: "Wat er gebeurde",
    yourTurn: "Jij bent aan de beurt: speel een kaart. De kaarten die mogen, staan hoger.",
    waitFor: "Wachten op {who}.", waitPass: "Wachten tot de anderen hun kaarten hebben gekozen.",
    pass: "Kies {count} kaarten om {direction} door te geven.", passBack: "Kies {count} van de gekregen kaarten om terug te geven.",
    passButton: "Doorgeven {chosen}/{count}", notAllowed: "Dat mag niet: {reason}.", cannotPass: "Die kaart mag je nu niet doorgeven.",
    emptyTable: "Er ligt nog niets op tafel.", lastTrick: "{who} haalde de laatste slag.", lastTrickYou: "Jij haalde de laatste slag.",
    gameOver: "Het spel is uit.", youWin: "Je hebt gewonnen!", winners: "Winnaars: {who}.", reconnecting: "Verbinding weg: opnieuw verbinden\u2026",
    failed: "Het spel is gestopt: {why}", abandoned: "Deze tafel is gesloten: te lang heeft niemand een zet gedaan.", noSeat: "Deze link is geen plaats aan deze tafel.", language: "EN", languageName: "English",
    phase: "fase: {p}", loading: "De tafel wordt geladen\u2026", watching: "Je kijkt toe: geen verborgen kaart te zien.",
  },
};

const page = {
  table: null, // the "table" message: who sits where
  update: null, // the last "update" message
  lang: new URLSearchParams(location.search).get("lang"),
  seq: -1, // the last move number seen
  log: [],
  chosen: [], // indexes into the hand of the cards chosen to pass
  sheetSeen: null, // score sheet rows already shown (null: none received yet)
  sheetOpen: false,
  holding: false, // the table behind the end-of-hand sheet stays as the hand ended until it is closed
  message: "",
  source: null,
  busy: false,
};

const $ = (id) => document.getElementById(id);

function t(key, values) {
  const text = (TEXT[page.lang] || TEXT.en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values && name in values ? values[name] : ""));
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function seatName(seat) {
  return seat === page.table.seat && seat !== null ? t("you") : t("seat", { n: seat });
}

function suitOf(card) {
  // A card's suit letter; a joker ("JK1") has none: "J", the jokers' own group after the suits.
  return card.startsWith("JK") ? "J" : card[1];
}

function suitPlace(card) {
  const suit = suitOf(card);
  return suit === "J" ? SUIT_ORDER.length : SUIT_ORDER.indexOf(suit);
}

function cardWords(card) {
  // The card as the server writes it in the page's language ("V\u2660") and says it ("schoppenvrouw").
  const known = page.update && page.update.words.cards && page.update.words.cards[card];
  if (known) return known;
  if (suitOf(card) === "J") return { short: card, name: card };
  const short = (card[0] === "T" ? "10" : card[0]) + SUIT_SYMBOL[card[1]];
  return { short: short, name: short };
}

function cardNode(card, tag) {
  const suit = suitOf(card);
  const node = el(tag || "span", "card suit-" + suit);
  const words = cardWords(card);
  node.dataset.card = card;
  // The corner (rank and suit) stays visible where the cards of a suit overlap; a joker shows its text.
  node.append(el("span", "rank", words.short), el("span", "pip", suit === "J" ? "\u{1F0CF}" : SUIT_SYMBOL[suit]));
  node.setAttribute("aria-label", words.name);
  return node;
}

function sortedHand(hand) {
  // Indexes of the hand's cards grouped by suit (clubs, diamonds, spades, hearts), low to high.
  return hand
    .map((card, i) => i)
    .sort((a, b) => {
      const x = hand[a], y = hand[b];
      return suitPlace(x) - suitPlace(y) || (suitOf(x) === "J" ? (x < y ? -1 : 1) : RANK_ORDER.indexOf(x[0]) - RANK_ORDER.indexOf(y[0]));
    });
}

// ------------------------------------------------------------------ drawing

function render() {
  const u = page.update;
  $("loading").hidden = Boolean(page.table && u);
  if (!page.table || !u) return;
  const v = u.view;
  document.documentElement.lang = page.lang;
  $("variant").textContent = u.words.variant || page.table.variant;
  $("hand-info").textContent =
    t("hand", { n: v.hand_index + 1 }) + " \u00b7 " + t("dealer", { who: seatName(v.dealer) }) + " \u00b7 " + u.words.phase;
  $("scores-button").textContent = t("scores");
  $("lang-button").textContent = t("language");
  $("lang-button").title = t("languageName");
  $("lang-button").lang = page.lang === "nl" ? "en" : "nl";
  $("log-title").textContent = t("log");
  const banner = $("banner");
  banner.hidden = !u.failure && !u.abandoned;
  if (u.failure) banner.textContent = t("failed", { why: u.failure });
  else if (u.abandoned) banner.textContent = t("abandoned");
  renderSheet(v, u);
  if (page.holding) return; // the table stays as the hand ended, behind the sheet
  renderOpponents(v);
  renderTrick(v);
  // The team totals (partners named) and the undealt cards: sentences from the server, never a face.
  $("table-facts").textContent = [u.words.teams, u.words.undealt].filter(Boolean).join(" \u00b7 ");
  renderMe(v, u);
  renderLog();
}

function seatBox(v, seat) {
  const box = el("div", "seat");
  if (v.to_move.includes(seat) && !v.is_over) box.classList.add("to-move");
  const info = page.table.seats[seat];
  box.append(el("div", "name", seatName(seat)));
  const words = page.update.words;
  if (info.kind === "bot") box.append(el("div", "kind", t("bot", { name: (words.bots && words.bots[seat]) || info.bot })));
  const won = v.tricks.filter((trick) => trick.winner === seat).length;
  const held = words.held ? words.held[seat] : v.hand_sizes[seat]; // a chosen pass still counts until the exchange
  const facts = [t("cards", { n: held }), won === 1 ? t("trick1") : t("tricks", { n: won })];
  box.append(el("div", "facts", facts.join(" \u00b7 ")));
  box.append(el("div", "score", t("score", { n: v.display_scores[seat] })));
  const badges = el("div", "badges");
  if (v.to_move.includes(seat) && !v.is_over) badges.append(el("span", "badge turn", t("turn")));
  // No cards while a trick is played and none in it: the seat dropped out of the hand (Domino Hearts, PlayerView.out).
  else if (v.phase === "playing" && v.hand_sizes[seat] === 0 && !v.trick.some((play) => play.seat === seat)) badges.append(el("span", "badge", t("out")));
  else if (v.phase === "passing") badges.append(el("span", "badge", t("passed")));
  if (v.announcers.includes(seat)) badges.append(el("span", "badge", t("announced")));
  if ((words.partners || []).includes(seat)) badges.append(el("span", "badge partner", t("partner")));
  box.append(badges);
  return box;
}

function renderOpponents(v) {
  const row = $("opponents");
  row.replaceChildren();
  const n = page.table.players;
  const me = page.table.seat === null ? 0 : page.table.seat; // a spectator sits where seat 0 is
  const first = page.table.seat === null ? 0 : 1;
  for (let k = first; k < n; k++) row.append(seatBox(v, (me + k) % n));
  row.style.setProperty("--others", String(n - first));
}

function renderTrick(v) {
  const area = $("trick");
  const note = $("trick-note");
  area.replaceChildren();
  note.textContent = "";
  let plays = v.trick.map((play) => [play.seat, play.card]);
  area.classList.toggle("old", false);
  if (!plays.length && v.tricks.length && v.phase === "playing") {
    const last = v.tricks[v.tricks.length - 1];
    // A trick some seat had dropped out of names its seats (Domino Hearts).
    plays = last.cards.map((card, i) => [last.seats && last.seats.length ? last.seats[i] : (last.leader + i) % page.table.players, card]);
    area.classList.add("old");
    if (last.winner !== null) {
      note.textContent = last.winner === page.table.seat ? t("lastTrickYou") : t("lastTrick", { who: seatName(last.winner) });
    }
  }
  if (!plays.length) {
    note.textContent = v.is_over ? "" : t("emptyTable");
    return;
  }
  for (const [seat, card] of plays) {
    const spot = el("div", "played");
    spot.append(cardNode(card), el("div", "who", seatName(seat)));
    area.append(spot);
  }
}

function legalCards(v) {
  return new Set(v.legal_moves.filter((m) => m.type === "Play").map((m) => m.card));
}

function renderMe(v, u) {
  const me = page.table.seat;
  if (me === null) {
    $("me-info").replaceChildren();
    $("status").textContent = v.is_over ? t("gameOver") : t("watching");
    return;
  }
  $("me-info").replaceChildren(seatBox(v, me));
  const passing = v.pass_options.length > 0;
  const myTurn = v.to_move.includes(me) && !v.is_over;
  const legal = legalCards(v);
  // The status line: what this seat is asked to do, or whom it waits for.
  let status;
  if (v.is_over) {
    status = t("gameOver") + " " + (v.winners.includes(me) ? t("youWin") : t("winners", { who: v.winners.map(seatName).join(", ") }));
  } else if (passing) {
    status = v.pass_stage ? t("passBack", { count: v.pass_count }) : t("pass", { count: v.pass_count, direction: u.words.direction });
  } else if (v.phase === "passing") {
    status = t("waitPass");
  } else if (myTurn && u.words.question) {
    status = u.words.question;
  } else if (myTurn) {
    status = t("yourTurn");
  } else {
    status = t("waitFor", { who: v.to_move.map(seatName).join(", ") });
  }
  $("status").textContent = status;
  const message = $("message");
  message.hidden = !page.message;
  message.textContent = page.message;
  // The hand, by suit; the legal cards (or the cards that may be passed) raised.
  const hand = $("hand");
  hand.replaceChildren();
  const options = v.pass_options.slice();
  let group = null, suit = null;
  for (const i of sortedHand(v.hand)) {
    const card = v.hand[i];
    if (suitOf(card) !== suit) {
      suit = suitOf(card);
      group = el("div", "suit-group");
      hand.append(group);
    }
    const button = cardNode(card, "button");
    button.type = "button";
    button.dataset.index = String(i);
    if (passing) {
      const k = options.indexOf(card);
      if (k >= 0) {
        options.splice(k, 1);
        button.classList.add("legal");
      } else button.classList.add("dim");
      if (page.chosen.includes(i)) button.classList.add("chosen");
    } else if (myTurn && v.phase === "playing") {
      button.classList.add(legal.has(card) ? "legal" : "dim");
    }
    button.addEventListener("click", () => clickCard(i));
    group.append(button);
  }
  // The buttons: the pass, an announcement, a moon choice.
  const actions = $("actions");
  actions.replaceChildren();
  if (passing) {
    const go = el("button", "action primary", t("passButton", { chosen: page.chosen.length, count: v.pass_count }));
    go.type = "button";
    go.id = "pass-button";
    go.disabled = page.chosen.length !== v.pass_count || page.busy;
    go.addEventListener("click", sendPass);
    actions.append(go);
  } else if (myTurn && (v.phase === "announcing" || v.phase === "moon_choice")) {
    v.legal_moves.forEach((move, k) => {
      const button = el("button", "action", u.words.moves[k]);
      button.type = "button";
      button.addEventListener("click", () => send(move));
      actions.append(button);
    });
  }
}

function renderLog() {
  const list = $("log");
  if (list.childElementCount > page.log.length) list.replaceChildren();
  for (let k = list.childElementCount; k < page.log.length; k++) list.append(el("li", "", page.log[k]));
  list.scrollTop = list.scrollHeight;
}

function renderSheet(v, u) {
  const rows = u.sheet;
  $("sheet-layer").hidden = !page.sheetOpen;
  if (!page.sheetOpen) return;
  $("sheet-title").textContent = t("sheet");
  $("sheet-close").textContent = t("close");
  $("sheet-result").textContent = v.is_over
    ? t("gameOver") + " " + (v.winners.includes(page.table.seat) ? t("youWin") : t("winners", { who: v.winners.map(seatName).join(", ") }))
    : "";
  const table = $("sheet-table");
  table.replaceChildren();
  const head = el("tr");
  head.append(el("th", "", t("sheetHand")));
  for (let s = 0; s < page.table.players; s++) head.append(el("th", "", seatName(s)));
  head.append(el("th", "notes", ""));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const row of rows) {
    const line = el("tr", "points");
    line.append(el("td", "", String(row.hand)));
    for (const p of row.points) line.append(el("td", "", (p > 0 ? "+" : "") + p));
    line.append(el("td", "notes", row.notes.join("; ")));
    const totals = el("tr", "totals");
    totals.append(el("td", "", t("total")));
    for (const p of row.totals) totals.append(el("td", "", String(p)));
    totals.append(el("td", "notes", ""));
    body.append(line, totals);
  }
  table.append(thead, body);
}

// ------------------------------------------------------------------ clicks and moves

function clickCard(i) {
  const v = page.update.view;
  const card = v.hand[i];
  if (v.pass_options.length) {
    const k = page.chosen.indexOf(i);
    if (k >= 0) page.chosen.splice(k, 1);
    else if (!v.pass_options.includes(card)) page.message = t("cannotPass");
    else if (page.chosen.length < v.pass_count) page.chosen.push(i);
    else page.chosen = page.chosen.slice(1).concat([i]);
    if (k >= 0 || v.pass_options.includes(card)) page.message = "";
    render();
    return;
  }
  // Any other click is a play; the server answers an illegal one with the engine's reason.
  send({ type: "Play", seat: page.table.seat, card: card });
}

function sendPass() {
  const v = page.update.view;
  send({ type: "Pass", seat: page.table.seat, cards: page.chosen.map((i) => v.hand[i]) });
}

async function send(move) {
  if (page.busy) return;
  page.busy = true;
  try {
    const response = await fetch(API + "move?lang=" + page.lang, {
      method: "POST",
      headers: Object.assign({ "Content-Type": "application/json" }, AUTH),
      body: JSON.stringify({ protocol: PROTOCOL, move: Object.assign({}, move, { version: 1 }) }),
    });
    const reply = await response.json();
    if (reply.type === "accepted") {
      page.message = "";
      if (move.type === "Pass") page.chosen = [];
    } else {
      page.message = t("notAllowed", { reason: reply.text || reply.message });
    }
  } catch (error) {
    page.message = t("reconnecting");
  } finally {
    page.busy = false;
  }
  render();
}

// ------------------------------------------------------------------ the connection

function receive(update) {
  for (const item of update.events) page.log.push(item.text);
  const before = page.update;
  page.update = update;
  page.seq = update.seq;
  // A new deal or a finished exchange starts the choice of cards again.
  if (before && (before.view.hand_index !== update.view.hand_index || before.view.pass_stage !== update.view.pass_stage)) {
    page.chosen = [];
  }
  if (!update.view.pass_options.length) page.chosen = [];
  // A hand was scored since the page opened (or the game ended): show the score sheet. Until it is
  // closed the table behind it stays as the hand ended (what the bots do meanwhile shows after).
  if (page.sheetSeen !== null && update.sheet.length > page.sheetSeen) {
    page.sheetOpen = true;
    page.holding = !update.view.is_over && Boolean(before);
  }
  if (update.view.is_over) page.holding = false;
  if (update.view.is_over && !(before && before.view.is_over)) page.sheetOpen = true;
  page.sheetSeen = update.sheet.length;
  render();
}

function connect() {
  // A WebSocket first; server-sent events where it does not get through (a proxy), long polling last.
  if (page.source) page.source.close();
  const query = "?lang=" + page.lang + "&after=" + page.seq;
  const lang = page.lang;
  if (window.WebSocket && !page.noSocket) {
    const url = new URL(API + "ws" + query, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url.href, TOKEN ? ["hartenjagen", "bearer." + TOKEN] : ["hartenjagen"]);
    let opened = false;
    page.source = socket;
    socket.onopen = () => { opened = true; };
    socket.onmessage = (e) => {
      $("banner").hidden = true;
      receive(JSON.parse(e.data));
    };
    socket.onclose = () => {
      if (page.source !== socket || lang !== page.lang) return;
      if (!opened) page.noSocket = true; // never opened: fall back to server-sent events
      if (page.update && !page.update.view.is_over) {
        $("banner").hidden = false;
        $("banner").textContent = t("reconnecting");
      }
      setTimeout(connect, opened ? 1000 : 0);
    };
  } else if (window.EventSource && !TOKEN) { // an event stream cannot send the seat's header
    const source = new EventSource(API + "events" + query);
    page.source = source;
    source.addEventListener("update", (e) => {
      $("banner").hidden = true;
      receive(JSON.parse(e.data));
    });
    source.onerror = () => {
      if (page.update && !page.update.view.is_over) {
        $("banner").hidden = false;
        $("banner").textContent = t("reconnecting");
      }
    };
  } else {
    poll(); // long polling, for a browser without either
  }
}

async function poll() {
  const lang = page.lang;
  for (;;) {
    try {
      const response = await fetch(API + "poll?lang=" + lang + "&after=" + page.seq + "&wait=25", { headers: AUTH });
      if (lang !== page.lang) return;
      if (response.ok) receive(await response.json());
      else await new Promise((done) => setTimeout(done, 2000));
    } catch (error) {
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
}

function switchLanguage() {
  page.lang = page.lang === "nl" ? "en" : "nl";
  const url = new URL(location.href);
  url.searchParams.set("lang", page.lang);
  history.replaceState(null, "", url);
  page.log = [];
  page.seq = -1; // the events again, in the other language
  connect();
  render();
}

async function start() {
  $("scores-button").addEventListener("click", () => {
    page.sheetOpen = !page.sheetOpen;
    page.holding = false;
    render();
  });
  $("sheet-close").addEventListener("click", () => {
    page.sheetOpen = false;
    page.holding = false;
    render();
  });
  $("lang-button").addEventListener("click", switchLanguage);
  $("loading").textContent = t("loading");
  const response = SEAT_PAGE && !TOKEN ? null : await fetch(API + "table", { headers: AUTH });
  if (!response || !response.ok) {
    document.body.textContent = TEXT.en.noSeat;
    return;
  }
  page.table = await response.json();
  if (page.lang !== "en" && page.lang !== "nl") page.lang = page.table.language;
  $("loading").textContent = t("loading"); // now in the table's language, until the first state comes
  if (window.innerWidth < 700) $("log-box").open = false;
  connect();
}

start();
