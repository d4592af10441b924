// The lobby page: the open tables, and a form that creates one (protocol 2: docs/protocol.md).
// Its words come from the server's message catalogue, in English or Dutch.
"use strict";

const PROTOCOL = 2;
const lobby = { lang: new URLSearchParams(location.search).get("lang") === "nl" ? "nl" : "en", data: null };
const $ = (id) => document.getElementById(id);

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function option(value, text) {
  const node = el("option", text);
  node.value = value;
  return node;
}

function players(variant) {
  const table = (lobby.data.players || {})[variant];
  return table || 4;
}

function drawSeats() {
  const w = lobby.data.words;
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  const n = players($("variant").value);
  for (let seat = 0; seat < n; seat++) {
    const label = el("label", w.seat.replace("{seat}", seat) + " ");
    const choice = el("select");
    choice.className = "seat-choice";
    choice.append(option("human", w.human));
    for (const bot of lobby.data.bots) choice.append(option(bot, w.bots[bot]));
    choice.value = before[seat] || (seat === 0 ? "human" : "heuristic");
    label.append(choice);
    box.append(label);
  }
}

function draw() {
  const d = lobby.data, w = d.words;
  document.documentElement.lang = lobby.lang;
  $("title").textContent = w.lobby_title;
  $("intro").textContent = w.lobby_intro;
  $("variant-label").textContent = w.variant;
  $("language-label").textContent = w.language;
  $("games-label").textContent = w.games;
  $("create-button").textContent = w.create;
  $("open-title").textContent = w.open_tables;
  $("links-title").textContent = w.links;
  $("lang-button").textContent = lobby.lang === "nl" ? "EN" : "NL";
  const variant = $("variant");
  const chosen = variant.value || "standard";
  variant.replaceChildren(...d.variants.map((name) => option(name, w.variants[name] || name)));
  variant.value = chosen;
  drawSeats();
  const list = $("tables");
  list.replaceChildren();
  if (!d.tables.length) list.append(el("li", w.no_tables));
  for (const table of d.tables) {
    const item = el("li", table.name + " \u00b7 " + w.hand.replace("{hand}", table.hand) + " \u00b7 ");
    const link = el("a", w.watch);
    link.href = table.watch;
    item.append(link);
    list.append(item);
  }
  // The tables closed as abandoned (nobody moved for too long), each with its spectator link:
  // it shows the table's last state, also after a restart (the server reads it back).
  const gone = $("abandoned");
  gone.replaceChildren();
  $("abandoned-title").hidden = !d.abandoned.length;
  $("abandoned-title").textContent = w.abandoned;
  for (const table of d.abandoned) {
    const item = el("li", table.name + " \u00b7 ");
    const link = el("a", w.watch);
    link.href = table.watch;
    item.append(link);
    gone.append(item);
  }
}

async function load() {
  const response = await fetch("api/lobby?lang=" + lobby.lang);
  lobby.data = await response.json();
  draw();
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const request = {
    protocol: PROTOCOL, type: "create", variant: $("variant").value, seats: seats,
    language: $("language").value, games: Number($("games").value),
  };
  const response = await fetch("api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
  });
  const reply = await response.json();
  const message = $("message");
  message.hidden = response.status === 201;
  if (response.status !== 201) {
    message.textContent = reply.message;
    return;
  }
  const links = $("links");
  links.replaceChildren();
  for (const seat of reply.seats) {
    const item = el("li", lobby.data.words.seat.replace("{seat}", seat.seat) + ": ");
    const link = el("a", new URL(seat.link, location.href).href);
    link.href = seat.link;
    link.className = "seat-link";
    item.append(link);
    links.append(item);
  }
  const watch = el("li", lobby.data.words.spectators + ": ");
  const link = el("a", new URL(reply.watch, location.href).href);
  link.href = reply.watch;
  link.className = "watch-link";
  watch.append(link);
  links.append(watch);
  $("created").hidden = false;
  load();
}

$("create").addEventListener("submit", create);
$("variant").addEventListener("change", drawSeats);
$("lang-button").addEventListener("click", () => {
  lobby.lang = lobby.lang === "nl" ? "en" : "nl";
  load();
});
load();
